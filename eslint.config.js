/**
 * ESLint: the recommended JavaScript and TypeScript rules the code already follows, plus its boundaries:
 * engine/core and engine/studio stay pure (no React, no DOM or browser globals, no fetch), the site's runtime
 * code takes nothing from the Vite plugins in site/build/, the server takes nothing from site/, and scripts take
 * nothing from tests/.
 */
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Globals engine/core and engine/studio may not touch: they run alike in the browser, the server and the build. */
const browserGlobals = ["window", "document", "fetch", "localStorage", "sessionStorage", "navigator", "location", "history", "XMLHttpRequest"];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "schemas/generated/", "test-results/", "playwright-report/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["engine/react/**", "site/**", "tests/unit/react/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
    },
  },
  {
    files: ["engine/core/**", "engine/studio/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["react", "react/*", "react-dom", "react-dom/*"], message: "engine/core and engine/studio are pure: React belongs in engine/react." },
            { group: ["node:*"], message: "engine/core and engine/studio are pure: Node's modules belong in engine/node or server/." },
            { group: ["**/site/**", "**/server/**", "**/engine/react/**", "../react/**", "../node/**", "**/engine/node/**"], message: "engine/core and engine/studio are pure: they import only the core, schemas/ and packages." },
          ],
        },
      ],
      "no-restricted-syntax": ["error", { selector: "ImportExpression", message: "engine/core and engine/studio are pure: it loads nothing at run time; take what it needs as an argument." }],
      "no-restricted-globals": ["error", ...browserGlobals.map((name) => ({ name, message: "engine/core and engine/studio are pure: it runs in the browser, the server and the build alike; take what it needs as an argument." }))],
      "no-restricted-properties": ["error", ...browserGlobals.map((property) => ({ object: "globalThis", property, message: "engine/core and engine/studio are pure: take what it needs as an argument." }))],
    },
  },
  {
    files: ["site/**"],
    ignores: ["site/build/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/build/**", "../build", "./build"], message: "Site runtime code takes nothing from the Vite plugins in site/build/; shared shapes live beside the code that reads them." }] }],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/site/**", "**/site"], message: "The server takes nothing from site/; what both need lives in engine/core/." }] }],
    },
  },
  {
    files: ["scripts/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/tests/**"], message: "Scripts take nothing from tests/; shared code lives in scripts/support/ or the engine." }] }],
    },
  },
);

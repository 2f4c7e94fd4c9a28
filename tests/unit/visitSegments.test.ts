import { describe, expect, it } from "vitest";
import { cleanSource, deviceClass, hostName, trafficSource } from "../../server/experiments/visitSegments";

describe("a visit's device class", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "phone"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36", "phone"],
    ["Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "tablet"],
    ["Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "desktop"],
    [undefined, "desktop"],
  ])("reads %s as %s", (userAgent, expected) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});

describe("a visit's traffic source", () => {
  const ownHosts = ["www.switchplan.example", "127.0.0.1"];
  it.each([
    [{ utmSource: "  Google ", referer: "https://bing.com/" }, "google"],
    [{ utmSource: "Partner Site!", referer: undefined }, "partner-site"],
    [{ utmSource: "", referer: "https://www.bing.com/search?q=energy" }, "bing.com"],
    [{ utmSource: undefined, referer: "https://www.switchplan.example/compare" }, "direct"],
    [{ utmSource: undefined, referer: "http://127.0.0.1:3000/" }, "direct"],
    [{ utmSource: undefined, referer: "not a url" }, "direct"],
    [{ utmSource: undefined, referer: undefined }, "direct"],
    [{ utmSource: "jo.bloggs@example.com", referer: undefined }, "other"],
    [{ utmSource: "07700 900123", referer: undefined }, "other"],
    [{ utmSource: "x".repeat(80), referer: undefined }, "x".repeat(40)],
  ])("reads %o as %s", (hints, expected) => {
    expect(trafficSource({ ...hints, ownHosts })).toBe(expected);
  });

  it("keeps nothing of a name made only of unsafe characters", () => {
    expect(cleanSource("%%%")).toBeUndefined();
  });

  it("takes the host name of a Host header, without its port", () => {
    expect(hostName("Example.com:8080")).toBe("example.com");
    expect(hostName(undefined)).toBeUndefined();
  });
});

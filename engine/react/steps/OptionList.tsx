import type { InputHTMLAttributes } from "react";
import type { FieldError, Option } from "../../core/types";
import { fieldErrorId, fieldId } from "../fieldIds";
import { hasError } from "../StepParts";

interface OptionListProps {
  type: "radio" | "checkbox";
  field: string;
  options: Option[];
  headingId: string;
  errors: FieldError[];
  isChecked(value: string): boolean;
  /** Extra input props per option (change and click handlers). */
  inputProps(value: string): InputHTMLAttributes<HTMLInputElement>;
  onPointerDown?(): void;
}

/** The options of a radio or checkbox step: a group named by the step heading, one large target per option. */
export function OptionList({ type, field, options, headingId, errors, isChecked, inputProps, onPointerDown }: OptionListProps) {
  const invalid = hasError(field, errors);
  return (
    <fieldset className="options" aria-labelledby={headingId} aria-describedby={invalid ? fieldErrorId(field) : undefined}>
      {options.map((option, index) => {
        // The option is named by its label alone; its hint is a description, read after the name.
        const labelId = `${field}-option-${index}`;
        const hintId = option.hint ? `${labelId}-hint` : undefined;
        return (
          <label key={option.value} className={`option option--${type}`} onPointerDown={onPointerDown}>
            <input
              type={type}
              name={field}
              id={index === 0 ? fieldId(field) : undefined}
              value={option.value}
              checked={isChecked(option.value)}
              aria-invalid={invalid || undefined}
              aria-labelledby={labelId}
              aria-describedby={hintId}
              {...inputProps(option.value)}
            />
            <span className="option__label" id={labelId}>
              {option.label}
            </span>
            {option.hint && (
              <span className="option__hint" id={hintId}>
                {option.hint}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

import type { ReactNode } from 'react';

/**
 * A checkbox inside its label, so the whole line toggles it; `onChange` gets the new state. Where
 * the line sits and how large its text is differ by form, so the label's classes are the caller's.
 */
export function Checkbox(props: {
  className: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={props.className}>
      <input
        type="checkbox"
        className="size-5"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.children}
    </label>
  );
}

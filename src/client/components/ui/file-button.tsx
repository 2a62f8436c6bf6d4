import { Upload } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from './button';

/**
 * A button-styled file picker: the label is the button, the input is visually hidden but keeps
 * keyboard focus (the ring shows on the label). The input is emptied after each choice, so the
 * same file can be chosen again.
 */
export function FileButton(props: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  testId?: string;
  onFiles: (files: File[]) => void;
}) {
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      className={buttonClass({ variant: 'secondary', filePicker: 'wraps-input', className: 'mt-3' })}
    >
      <Upload className="size-5" aria-hidden />
      {props.label}
      <input
        id={inputId}
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        className="sr-only"
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          if (chosen.length > 0) props.onFiles(chosen);
        }}
      />
    </label>
  );
}

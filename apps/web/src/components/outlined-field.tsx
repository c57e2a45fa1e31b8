import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type InputBaseComponentProps,
  type OutlinedInputProps,
} from "@mui/material";
import { useId, type ReactNode } from "react";

type OutlinedFieldProps = Pick<
  OutlinedInputProps,
  "value" | "onChange" | "type" | "autoComplete" | "autoFocus" | "name" | "placeholder"
> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  size?: "small" | "medium";
  fullWidth?: boolean;
  /** Attributes of the <input> element (TextField's slotProps.htmlInput). */
  htmlInput?: InputBaseComponentProps;
};

/**
 * An outlined text field with the markup MUI's TextField renders for one, for the public pages.
 * TextField also brings Select (with Menu, Popover, Modal, FocusTrap) and the filled and standard
 * inputs: about 15 KB gzip that a sign-in form never uses, on a new visitor's first load.
 */
export function OutlinedField({
  label,
  helperText,
  error = false,
  size,
  fullWidth = false,
  htmlInput,
  ...input
}: OutlinedFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" size={size} error={error} fullWidth={fullWidth}>
      <InputLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} inputProps={htmlInput} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

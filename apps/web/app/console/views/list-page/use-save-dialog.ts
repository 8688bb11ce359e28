import { useState } from "react";

/**
 * A dialog's save: `submit` runs it with the form's values, shows the button busy meanwhile, and
 * closes the dialog with what `save` answers once it is done. A refusal leaves the dialog open with
 * what was typed (the request client has shown why; `refused` may also put it under its field).
 */
export function useSaveDialog<Values, Saved>(
  save: (values: Values) => Promise<Saved>,
  done: (saved: Saved) => void,
  refused?: (error: unknown) => void,
) {
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      done(await save(values));
    } catch (error) {
      refused?.(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

import type { FormInstance } from "antd";
import { type RefObject, useEffect, useState } from "react";

/**
 * The login and registration pages are drawn by the server and hydrated once painted: a quick
 * visitor may type before the scripts are there. Once they are, what was typed goes into the form
 * (the fields keep it on screen, but antd's form would not know it), and `ready` turns true: the
 * submit button waits for it, so that a click never sends the page's bare form to the server.
 */
export function useTypedBeforeHydration<Fields>(
  form: FormInstance<Fields>,
  root: RefObject<HTMLElement | null>,
  fields: readonly (keyof Fields & string)[],
): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const field of fields) {
      const input = root.current?.querySelector<HTMLInputElement>(`input[id$="${field}"]`);
      if (input?.value) typed[field] = input.value;
    }
    if (Object.keys(typed).length > 0) form.setFieldsValue(typed as Parameters<typeof form.setFieldsValue>[0]);
    setReady(true);
  }, [form, root, fields]);
  return ready;
}

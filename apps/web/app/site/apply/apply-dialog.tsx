import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApplyForm } from "./apply-form";

interface ApplyDialogApi {
  open(product?: string): void;
}

const ApplyDialogContext = createContext<ApplyDialogApi>({ open: () => {} });

/**
 * One apply/contact dialog for the whole public site (a native <dialog>: focus is trapped and
 * Escape closes it). Every "apply now" and "contact sales" action opens it.
 */
export function ApplyDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [product, setProduct] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const open = useCallback((next?: string) => {
    setProduct(next);
    setDone(null);
    setRound((n) => n + 1);
    dialog.current?.showModal();
  }, []);
  const close = () => dialog.current?.close();
  useEffect(() => {
    const node = dialog.current;
    const onClick = (event: MouseEvent) => event.target === node && node?.close(); // a click on the backdrop
    node?.addEventListener("click", onClick);
    return () => node?.removeEventListener("click", onClick);
  }, []);
  return (
    <ApplyDialogContext.Provider value={{ open }}>
      {children}
      <dialog ref={dialog} className="apply-dialog" aria-labelledby="apply-dialog-title">
        <div className="apply-dialog__body">
          <h2 id="apply-dialog-title" className="apply-dialog__title">
            {t("apply.title")}
          </h2>
          {done ? (
            <div className="apply-dialog__done" role="status">
              <p>{done}</p>
              <button type="button" className="button button--primary" onClick={close}>
                {t("apply.close")}
              </button>
            </div>
          ) : (
            <>
              <p className="apply-dialog__lead">{t("apply.lead")}</p>
              <ApplyForm key={round} product={product} onCancel={close} onDone={setDone} />
            </>
          )}
        </div>
      </dialog>
    </ApplyDialogContext.Provider>
  );
}

/**
 * An "apply now" or "contact sales" action: a link to the contact form that works without
 * JavaScript, and opens the dialog with it.
 */
export function ApplyLink({
  product,
  className,
  children,
}: {
  product?: string;
  className?: string;
  children: ReactNode;
}) {
  const { open } = useContext(ApplyDialogContext);
  return (
    <a
      href={`/contact${product ? `?product=${product}` : ""}#apply`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        open(product);
      }}
    >
      {children}
    </a>
  );
}

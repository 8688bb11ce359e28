import type { VerifyInfo } from "@rampart/contracts";
import { Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SliderCaptcha } from "./slider-captcha";

/**
 * The slider of the login and registration forms as a form field: its proof, whether the form may
 * be sent (the slider is off, solved, or not heard from yet; otherwise it says so beside the slider), a new round once a
 * proof has been used, and the field to draw.
 */
export function useCaptchaField() {
  const { t } = useTranslation();
  const [verifyInfo, setVerifyInfo] = useState<VerifyInfo | undefined>();
  // Unknown until the challenge answers: a form sent meanwhile goes to the server, which decides.
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [round, setRound] = useState(0);
  const [missing, setMissing] = useState(false);

  const solved = () => {
    if (on === true && !verifyInfo) {
      setMissing(true);
      return false;
    }
    return true;
  };
  /** The proof was used up by an attempt: slide again. */
  const renew = () => setRound((n) => n + 1);

  const field = (
    <Form.Item
      validateStatus={missing && !verifyInfo ? "error" : undefined}
      help={missing && !verifyInfo ? t("captcha.required") : undefined}
      hidden={on === false}
    >
      <SliderCaptcha
        key={round}
        onEnabled={setOn}
        onChange={(info) => {
          setVerifyInfo(info);
          if (info) setMissing(false);
        }}
      />
    </Form.Item>
  );
  return { verifyInfo, solved, renew, field };
}

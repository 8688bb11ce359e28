import { CheckOutlined, DoubleRightOutlined, LoadingOutlined } from "@ant-design/icons";
import type { CaptchaChallenge, VerifyInfo } from "@rampart/contracts";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../shared/auth/auth-api";
import { solveCaptcha } from "./captcha-solver";

type Phase = "loading" | "idle" | "dragging" | "checking" | "passed" | "failed";

export interface SliderCaptchaProps {
  /** Called with the proof when the slider is completed, and with undefined when it is reset. */
  onChange(verifyInfo: VerifyInfo | undefined): void;
  /** Called once it is known whether the site uses the captcha at all. */
  onEnabled?(enabled: boolean): void;
}

const HANDLE = 40;

/**
 * The slider of the login and registration forms. A proof-of-work challenge is fetched at once and
 * solved in the background while the user drags; reaching the end with the proof ready completes
 * it. Works with the keyboard too (arrow keys, End).
 */
export function SliderCaptcha({ onChange, onEnabled }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [enabled, setEnabled] = useState(true);
  const [phase, setPhase] = useState<Phase>("loading");
  const [offset, setOffset] = useState(0);
  const running = useRef<AbortController | null>(null);
  const solved = useRef<Promise<VerifyInfo | null> | null>(null);
  const dragStart = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onEnabledRef = useRef(onEnabled);
  onEnabledRef.current = onEnabled;

  // A fresh challenge (on mount, and again after a failure); solving starts right away.
  const start = useCallback(() => {
    running.current?.abort();
    const abort = new AbortController();
    running.current = abort;
    setPhase("loading");
    setOffset(0);
    onChangeRef.current(undefined);
    authApi
      .captcha()
      .then(({ data }: { data: CaptchaChallenge }) => {
        if (abort.signal.aborted) return;
        setEnabled(data.enabled);
        onEnabledRef.current?.(data.enabled);
        if (!data.enabled) return;
        solved.current = solveCaptcha(data, abort.signal).catch(() => null);
        setPhase("idle");
      })
      .catch(() => !abort.signal.aborted && setPhase("failed"));
  }, []);

  useEffect(() => {
    start();
    return () => running.current?.abort();
  }, [start]);

  const maxOffset = () => Math.max(0, (track.current?.clientWidth ?? 300) - HANDLE);

  const finish = useCallback(async () => {
    setOffset(Math.max(0, (track.current?.clientWidth ?? 300) - HANDLE));
    setPhase("checking");
    const proof = await solved.current;
    if (proof) {
      setPhase("passed");
      onChangeRef.current(proof);
    } else {
      setPhase("failed");
    }
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (phase === "failed") {
      start();
      return;
    }
    if (phase !== "idle") return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragStart.current = event.clientX - offset;
    setPhase("dragging");
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (phase !== "dragging") return;
    setOffset(Math.min(maxOffset(), Math.max(0, event.clientX - dragStart.current)));
  };
  const onPointerUp = () => {
    if (phase !== "dragging") return;
    if (offset >= maxOffset() - 2) void finish();
    else {
      setOffset(0);
      setPhase("idle");
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (phase === "failed" && (event.key === "Enter" || event.key === " ")) start();
    if (phase !== "idle") return;
    if (event.key === "End" || event.key === "ArrowRight") {
      event.preventDefault();
      void finish();
    }
  };

  if (!enabled) return null;
  const label =
    phase === "passed"
      ? t("captcha.passed")
      : phase === "checking"
        ? t("captcha.checking")
        : phase === "failed"
          ? t("captcha.failed")
          : t("captcha.hint");
  return (
    <div className={`slider-captcha slider-captcha--${phase}`} ref={track}>
      {/* At rest the fill and handle keep their places from the style sheet: a style attribute in
          the server's markup would be refused by the Content-Security-Policy. */}
      <div
        className="slider-captcha__fill"
        style={
          phase === "passed" || offset > 0 ? { width: phase === "passed" ? "100%" : offset + HANDLE / 2 } : undefined
        }
      />
      <span className="slider-captcha__text" aria-live="polite">
        {label}
      </span>
      <div
        className="slider-captcha__handle"
        role="slider"
        tabIndex={0}
        aria-label={t("captcha.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((offset / (maxOffset() || 1)) * 100)}
        aria-valuetext={label}
        style={offset > 0 ? { transform: `translateX(${offset}px)` } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="slider-handle"
      >
        {phase === "passed" ? <CheckOutlined /> : phase === "checking" ? <LoadingOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}

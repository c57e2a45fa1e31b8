import { useEffect, useRef } from "react";

/** A ref that always holds the latest value: callbacks a parent re-creates each render do not restart effects. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

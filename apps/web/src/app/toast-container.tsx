import { Bounce, ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import "./toasts.css";
import { useToastPlace } from "./toast-top.ts";

/**
 * The one toast container (spec section 9: top-right, 5 s, 12 px apart); loaded by toast-host.tsx.
 * It starts below the app bar; with a drawer or dialog open on its side, it stands beside it or at
 * the bottom of a phone's screen (above a dialog's buttons), never over the fields it confirms or the
 * button that finishes the work (toast-top.ts).
 */
export default function AppToastContainer() {
  const place = useToastPlace();
  const style = place.atBottom
    ? { top: "auto", bottom: `calc(${place.bottom}px + env(safe-area-inset-bottom))` }
    : { top: `${place.top}px`, ...(place.right !== null ? { right: `${place.right}px` } : {}) };
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      role="alert"
      theme="light"
      transition={Bounce}
      stacked={false}
      style={{ "--toastify-toast-offset": "16px", ...style } as unknown as React.CSSProperties}
    />
  );
}

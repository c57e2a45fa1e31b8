import { Bounce, ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import "./toasts.css";
import { useToastTop } from "./toast-top.ts";

/**
 * The one toast container (spec section 9: top-right, 5 s, 12 px apart); loaded by toast-host.tsx.
 * It starts below the app bar and below an open drawer's or dialog's header (toast-top.ts).
 */
export default function AppToastContainer() {
  const top = useToastTop();
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
      style={{ "--toastify-toast-offset": "16px", top: `${top}px` } as React.CSSProperties}
    />
  );
}

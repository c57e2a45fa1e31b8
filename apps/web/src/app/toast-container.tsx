import { Bounce, ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import "./toasts.css";

/** The one toast container (spec section 9: top-right, 5 s, 12 px apart); loaded by toast-host.tsx. */
export default function AppToastContainer() {
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
      style={{ "--toastify-toast-offset": "16px" } as React.CSSProperties}
    />
  );
}

/** /settings: the owner's business settings; support also manages every business's account. */
export default function SettingsPage(): import("react").JSX.Element;

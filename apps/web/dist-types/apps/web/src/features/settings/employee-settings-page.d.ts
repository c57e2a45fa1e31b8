/** /settingEmployee/{id}: a member of staff sees their account and what they may do. */
export default function EmployeeSettingsPage(): import("react").JSX.Element | null;

/** /home: how this device will be used (spec sections 2 and 3, access keys). */
export declare function HomePage(): import("react").JSX.Element;

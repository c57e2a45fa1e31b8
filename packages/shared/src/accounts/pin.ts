import { z } from "zod";

/** The quick cashier switch on a paired till: a 4-6 digit PIN per employee. */
export const PIN_PATTERN = /^\d{4,6}$/;
export const pinSchema = z.string().regex(PIN_PATTERN, "Enter a PIN of 4 to 6 digits");
/** Wrong PINs in a row before the employee's PIN locks. */
export const PIN_MAX_FAILURES = 5;
/** How long a locked PIN stays locked (the owner may also set a new PIN, which unlocks it). */
export const PIN_LOCK_MINUTES = 15;

/** Settings > Employees: the owner sets (or clears, with null) an employee's PIN. */
export const setPinInputSchema = z.object({ pin: pinSchema.nullable() });

/** The till asks to hand over to another employee of its business. */
export const pinSwitchInputSchema = z.object({
  businessId: z.uuid(),
  employeeId: z.uuid(),
  pin: z.string().max(12),
});
export type PinSwitchInput = z.infer<typeof pinSwitchInputSchema>;

/** Who may take over this till: staff with a PIN set (names only). */
export const pinUserSchema = z.object({ _id: z.uuid(), name: z.string(), username: z.string(), locked: z.boolean() });
export type PinUser = z.infer<typeof pinUserSchema>;

/** PUT /api/ownerPin: the owner sets (or clears, with null) their till PIN, which approves discounts beyond a cashier's limit. */
export const setOwnerPinInputSchema = z.object({ businessId: z.uuid(), pin: pinSchema.nullable() });
/** GET /api/ownerPin: whether the owner has set one (the till offers the PIN only then). */
export const ownerPinStatusSchema = z.object({ set: z.boolean() });

import { z } from "zod";
import { BUSINESS_TYPES, businessSchema, staffAccessCodeSchema } from "../businesses/business.ts";
import { kenyanPhoneSchema } from "../phone/phone.ts";

/** The eight employee permission flags of the user session (spec section 3). */
export const PERMISSION_FLAGS = [
  "handleStock",
  "handleTransfer",
  "reviewStock",
  "viewPayroll",
  "viewBooking",
  "viewEmployee",
  "viewSupplies",
  "viewExpenses",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type PermissionFlags = Record<PermissionFlag, boolean>;

/** Every flag set to one value (owners and support have them all on). */
export function allFlags(value: boolean): PermissionFlags {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, value])) as PermissionFlags;
}

/** The flags of anything that has them (an employee row, a form), and nothing else of it. */
export function flagsOf(source: PermissionFlags): PermissionFlags {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, source[f]])) as PermissionFlags;
}

/** Occupations staff are registered with; they drive Transactions, Stock Handler and clinic rules (permissions/clinic.ts). */
export const OCCUPATIONS = [
  "Cashier",
  "Stock Handler",
  "Waiter",
  "Manager",
  "Receptionist",
  "Doctor",
  "Nurse",
  "Pharmacist",
  "Lab Technician",
  "Accountant",
  "Other",
] as const;
export type Occupation = (typeof OCCUPATIONS)[number];
export const OWNER_OCCUPATION = "Owner";

const flagShape = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean()])) as {
  [K in PermissionFlag]: z.ZodBoolean;
};
const optionalFlagShape = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean().default(false)])) as {
  [K in PermissionFlag]: z.ZodDefault<z.ZodBoolean>;
};

/** The signed-in user's details, as kept in the session (spec section 3 "User session"). */
export const userDetailsSchema = z.object({
  _id: z.uuid(),
  username: z.string(),
  image: z.string().nullable(),
  occupation: z.string(),
  ...flagShape,
  isSupportUser: z.boolean(),
  /** The largest discount (whole percent) this user may give at the till without the owner's PIN (owners: 100). */
  maxDiscountPercent: z.number().int().min(0).max(100).optional(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  isAdmin: z.boolean(),
  details: userDetailsSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(3, "At least 3 characters")
  .max(40, "At most 40 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "Letters, digits, dot, dash and underscore only");
export const passwordSchema = z.string().min(8, "At least 8 characters").max(200, "At most 200 characters");

export const registerBusinessInputSchema = z.object({
  businessName: z.string().trim().min(2, "At least 2 characters").max(120),
  businessType: z.enum(BUSINESS_TYPES),
  username: usernameSchema,
  email: z.email("Enter a valid email address").trim().toLowerCase(),
  phone: kenyanPhoneSchema,
  password: passwordSchema,
});
export type RegisterBusinessInput = z.infer<typeof registerBusinessInputSchema>;

/** A signed-in owner adding another business needs only its name and type. */
export const addBusinessInputSchema = registerBusinessInputSchema.pick({ businessName: true, businessType: true });
export type AddBusinessInput = z.infer<typeof addBusinessInputSchema>;

export const registerBusinessResponseSchema = sessionSchema.extend({ business: businessSchema });

export const adminLoginInputSchema = z.object({
  username: z.string().trim().min(1, "Required").max(200),
  password: z.string().min(1, "Required").max(200),
});
export type AdminLoginInput = z.infer<typeof adminLoginInputSchema>;

/** POST /api/auth/password: an owner (or support user) changes their own password. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, "Required").max(200),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const employeeLoginInputSchema = adminLoginInputSchema.extend({ businessId: z.uuid() });
export type EmployeeLoginInput = z.infer<typeof employeeLoginInputSchema>;

/** An employee's discount limit at the till: a whole percent, 0 (none without the owner) to 100. */
export const maxDiscountPercentSchema = z.number().int("A whole percent").min(0, "At least 0").max(100, "At most 100");

export const registerEmployeeInputSchema = z.object({
  businessId: z.uuid(),
  username: usernameSchema,
  password: passwordSchema,
  occupation: z.string().trim().min(2).max(40),
  ...optionalFlagShape,
  maxDiscountPercent: maxDiscountPercentSchema.default(0),
});
export type RegisterEmployeeInput = z.infer<typeof registerEmployeeInputSchema>;

export const employeeSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  username: z.string(),
  occupation: z.string(),
  image: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  ...flagShape,
  /** The largest discount (whole percent of a line) they may give without the owner's PIN (issue 31). */
  maxDiscountPercent: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const updateEmployeeInputSchema = z
  .object({
    occupation: z.string().trim().min(2).max(40),
    password: passwordSchema,
    active: z.boolean(),
    ...flagShape,
    maxDiscountPercent: maxDiscountPercentSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateEmployeeInput = z.infer<typeof updateEmployeeInputSchema>;

/** Access keys pair a device with an owner sign-in or with one business's staff. */
export const accessKeyInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("adminKey") }),
  z.object({ type: z.literal("normalKey"), code: staffAccessCodeSchema }),
]);
export type AccessKeyInput = z.infer<typeof accessKeyInputSchema>;

export const accessKeySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("adminKey") }),
  z.object({ type: z.literal("normalKey"), businessId: z.uuid(), businessName: z.string() }),
]);
export type AccessKey = z.infer<typeof accessKeySchema>;

import { z } from "zod";
/** The eight employee permission flags of the user session (spec section 3). */
export declare const PERMISSION_FLAGS: readonly ["handleStock", "handleTransfer", "reviewStock", "viewPayroll", "viewBooking", "viewEmployee", "viewSupplies", "viewExpenses"];
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
/** Occupations staff are registered with; they drive Transactions and Stock Handler rules. */
export declare const OCCUPATIONS: readonly ["Cashier", "Stock Handler", "Waiter", "Manager", "Receptionist", "Doctor", "Nurse", "Pharmacist", "Accountant", "Other"];
export type Occupation = (typeof OCCUPATIONS)[number];
export declare const OWNER_OCCUPATION = "Owner";
/** The signed-in user's details, as kept in the session (spec section 3 "User session"). */
export declare const userDetailsSchema: z.ZodObject<{
    isSupportUser: z.ZodBoolean;
    handleStock: z.ZodBoolean;
    handleTransfer: z.ZodBoolean;
    reviewStock: z.ZodBoolean;
    viewPayroll: z.ZodBoolean;
    viewBooking: z.ZodBoolean;
    viewEmployee: z.ZodBoolean;
    viewSupplies: z.ZodBoolean;
    viewExpenses: z.ZodBoolean;
    _id: z.ZodUUID;
    username: z.ZodString;
    image: z.ZodNullable<z.ZodString>;
    occupation: z.ZodString;
}, z.core.$strip>;
export type UserDetails = z.infer<typeof userDetailsSchema>;
export declare const sessionSchema: z.ZodObject<{
    token: z.ZodString;
    isAdmin: z.ZodBoolean;
    details: z.ZodObject<{
        isSupportUser: z.ZodBoolean;
        handleStock: z.ZodBoolean;
        handleTransfer: z.ZodBoolean;
        reviewStock: z.ZodBoolean;
        viewPayroll: z.ZodBoolean;
        viewBooking: z.ZodBoolean;
        viewEmployee: z.ZodBoolean;
        viewSupplies: z.ZodBoolean;
        viewExpenses: z.ZodBoolean;
        _id: z.ZodUUID;
        username: z.ZodString;
        image: z.ZodNullable<z.ZodString>;
        occupation: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type Session = z.infer<typeof sessionSchema>;
export declare const usernameSchema: z.ZodString;
export declare const passwordSchema: z.ZodString;
export declare const registerBusinessInputSchema: z.ZodObject<{
    businessName: z.ZodString;
    businessType: z.ZodEnum<{
        general: "general";
        hotel: "hotel";
        clinic: "clinic";
        payroll: "payroll";
    }>;
    username: z.ZodString;
    email: z.ZodEmail;
    phone: z.ZodString;
    password: z.ZodString;
}, z.core.$strip>;
export type RegisterBusinessInput = z.infer<typeof registerBusinessInputSchema>;
/** A signed-in owner adding another business needs only its name and type. */
export declare const addBusinessInputSchema: z.ZodObject<{
    businessType: z.ZodEnum<{
        general: "general";
        hotel: "hotel";
        clinic: "clinic";
        payroll: "payroll";
    }>;
    businessName: z.ZodString;
}, z.core.$strip>;
export type AddBusinessInput = z.infer<typeof addBusinessInputSchema>;
export declare const registerBusinessResponseSchema: z.ZodObject<{
    token: z.ZodString;
    isAdmin: z.ZodBoolean;
    details: z.ZodObject<{
        isSupportUser: z.ZodBoolean;
        handleStock: z.ZodBoolean;
        handleTransfer: z.ZodBoolean;
        reviewStock: z.ZodBoolean;
        viewPayroll: z.ZodBoolean;
        viewBooking: z.ZodBoolean;
        viewEmployee: z.ZodBoolean;
        viewSupplies: z.ZodBoolean;
        viewExpenses: z.ZodBoolean;
        _id: z.ZodUUID;
        username: z.ZodString;
        image: z.ZodNullable<z.ZodString>;
        occupation: z.ZodString;
    }, z.core.$strip>;
    business: z.ZodObject<{
        _id: z.ZodUUID;
        name: z.ZodString;
        businessType: z.ZodEnum<{
            general: "general";
            hotel: "hotel";
            clinic: "clinic";
            payroll: "payroll";
        }>;
        accountActive: z.ZodBoolean;
        timeZone: z.ZodString;
        createdAt: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const adminLoginInputSchema: z.ZodObject<{
    username: z.ZodString;
    password: z.ZodString;
}, z.core.$strip>;
export type AdminLoginInput = z.infer<typeof adminLoginInputSchema>;
export declare const employeeLoginInputSchema: z.ZodObject<{
    username: z.ZodString;
    password: z.ZodString;
    businessId: z.ZodUUID;
}, z.core.$strip>;
export type EmployeeLoginInput = z.infer<typeof employeeLoginInputSchema>;
export declare const registerEmployeeInputSchema: z.ZodObject<{
    handleStock: z.ZodDefault<z.ZodBoolean>;
    handleTransfer: z.ZodDefault<z.ZodBoolean>;
    reviewStock: z.ZodDefault<z.ZodBoolean>;
    viewPayroll: z.ZodDefault<z.ZodBoolean>;
    viewBooking: z.ZodDefault<z.ZodBoolean>;
    viewEmployee: z.ZodDefault<z.ZodBoolean>;
    viewSupplies: z.ZodDefault<z.ZodBoolean>;
    viewExpenses: z.ZodDefault<z.ZodBoolean>;
    businessId: z.ZodUUID;
    username: z.ZodString;
    password: z.ZodString;
    occupation: z.ZodString;
}, z.core.$strip>;
export type RegisterEmployeeInput = z.infer<typeof registerEmployeeInputSchema>;
export declare const employeeSchema: z.ZodObject<{
    handleStock: z.ZodBoolean;
    handleTransfer: z.ZodBoolean;
    reviewStock: z.ZodBoolean;
    viewPayroll: z.ZodBoolean;
    viewBooking: z.ZodBoolean;
    viewEmployee: z.ZodBoolean;
    viewSupplies: z.ZodBoolean;
    viewExpenses: z.ZodBoolean;
    _id: z.ZodUUID;
    businessId: z.ZodUUID;
    username: z.ZodString;
    occupation: z.ZodString;
    image: z.ZodNullable<z.ZodString>;
    active: z.ZodBoolean;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type Employee = z.infer<typeof employeeSchema>;
export declare const updateEmployeeInputSchema: z.ZodObject<{
    handleStock: z.ZodOptional<z.ZodBoolean>;
    handleTransfer: z.ZodOptional<z.ZodBoolean>;
    reviewStock: z.ZodOptional<z.ZodBoolean>;
    viewPayroll: z.ZodOptional<z.ZodBoolean>;
    viewBooking: z.ZodOptional<z.ZodBoolean>;
    viewEmployee: z.ZodOptional<z.ZodBoolean>;
    viewSupplies: z.ZodOptional<z.ZodBoolean>;
    viewExpenses: z.ZodOptional<z.ZodBoolean>;
    occupation: z.ZodOptional<z.ZodString>;
    password: z.ZodOptional<z.ZodString>;
    active: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export type UpdateEmployeeInput = z.infer<typeof updateEmployeeInputSchema>;
/** Access keys pair a device with an owner sign-in or with one business's staff. */
export declare const accessKeyInputSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    type: z.ZodLiteral<"adminKey">;
}, z.core.$strip>, z.ZodObject<{
    type: z.ZodLiteral<"normalKey">;
    code: z.ZodString;
}, z.core.$strip>], "type">;
export type AccessKeyInput = z.infer<typeof accessKeyInputSchema>;
export declare const accessKeySchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    type: z.ZodLiteral<"adminKey">;
}, z.core.$strip>, z.ZodObject<{
    type: z.ZodLiteral<"normalKey">;
    businessId: z.ZodUUID;
    businessName: z.ZodString;
}, z.core.$strip>], "type">;
export type AccessKey = z.infer<typeof accessKeySchema>;

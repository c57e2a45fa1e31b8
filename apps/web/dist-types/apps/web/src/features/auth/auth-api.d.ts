import type { Business } from "@app/shared/business/business";
export declare const authApi: import("@reduxjs/toolkit/query").Api<import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, {
    registerBusiness: import("@reduxjs/toolkit/query").MutationDefinition<{
        businessName: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        username: string;
        email: string;
        phone: string;
        password: string;
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }, "api", unknown>;
    adminLogin: import("@reduxjs/toolkit/query").MutationDefinition<{
        username: string;
        password: string;
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    }, "api", unknown>;
    employeeLogin: import("@reduxjs/toolkit/query").MutationDefinition<{
        username: string;
        password: string;
        businessId: string;
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    }, "api", unknown>;
    requestAccessKey: import("@reduxjs/toolkit/query").MutationDefinition<{
        type: "adminKey";
    } | {
        type: "normalKey";
        code: string;
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    }, "api", unknown>;
}, "api", "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", typeof import("@reduxjs/toolkit/query").coreModuleName | typeof import("@reduxjs/toolkit/query/react").reactHooksModuleName>;
export declare const useRegisterBusinessMutation: <R extends Record<string, any> = ({
    requestId?: undefined;
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    data?: undefined;
    error?: undefined;
    endpointName?: string;
    startedTimeStamp?: undefined;
    fulfilledTimeStamp?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    isUninitialized: true;
    isLoading: false;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
} & Omit<{
    requestId: string;
    data?: ({
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }) | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: ({
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }) | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp">> & {
    error: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    isUninitialized: false;
    isLoading: false;
    isSuccess: true;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
} & {
    requestId: string;
    data?: ({
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }) | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
} & {
    data?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    isUninitialized: false;
    isLoading: true;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
} & Omit<{
    requestId: string;
    data?: ({
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }) | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: ({
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } & {
        business: Business;
    }) | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error">> & {
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    isUninitialized: false;
    isLoading: false;
    isSuccess: false;
    isError: true;
})>(options?: {
    selectFromResult?: ((state: ({
        requestId?: undefined;
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        data?: undefined;
        error?: undefined;
        endpointName?: string;
        startedTimeStamp?: undefined;
        fulfilledTimeStamp?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        isUninitialized: true;
        isLoading: false;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    } & Omit<{
        requestId: string;
        data?: ({
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } & {
            business: Business;
        }) | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: ({
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } & {
            business: Business;
        }) | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp">> & {
        error: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
        isUninitialized: false;
        isLoading: false;
        isSuccess: true;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    } & {
        requestId: string;
        data?: ({
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } & {
            business: Business;
        }) | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    } & {
        data?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
        isUninitialized: false;
        isLoading: true;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    } & Omit<{
        requestId: string;
        data?: ({
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } & {
            business: Business;
        }) | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: ({
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } & {
            business: Business;
        }) | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error">> & {
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
        isUninitialized: false;
        isLoading: false;
        isSuccess: false;
        isError: true;
    })) => R) | undefined;
    fixedCacheKey?: string;
} | undefined) => readonly [(arg: {
    businessName: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    username: string;
    email: string;
    phone: string;
    password: string;
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    businessName: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    username: string;
    email: string;
    phone: string;
    password: string;
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    token: string;
    isAdmin: boolean;
    details: {
        isSupportUser: boolean;
        handleStock: boolean;
        handleTransfer: boolean;
        reviewStock: boolean;
        viewPayroll: boolean;
        viewBooking: boolean;
        viewEmployee: boolean;
        viewSupplies: boolean;
        viewExpenses: boolean;
        _id: string;
        username: string;
        image: string | null;
        occupation: string;
    };
} & {
    business: Business;
}, "api", unknown>>, R & {
    originalArgs?: {
        businessName: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        username: string;
        email: string;
        phone: string;
        password: string;
    } | undefined;
    reset: () => void;
}], useAdminLoginMutation: <R extends Record<string, any> = ({
    requestId?: undefined;
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    data?: undefined;
    error?: undefined;
    endpointName?: string;
    startedTimeStamp?: undefined;
    fulfilledTimeStamp?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    isUninitialized: true;
    isLoading: false;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
} & Omit<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp">> & {
    error: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    isUninitialized: false;
    isLoading: false;
    isSuccess: true;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
} & {
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
} & {
    data?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    isUninitialized: false;
    isLoading: true;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
} & Omit<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error">> & {
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    isUninitialized: false;
    isLoading: false;
    isSuccess: false;
    isError: true;
})>(options?: {
    selectFromResult?: ((state: ({
        requestId?: undefined;
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        data?: undefined;
        error?: undefined;
        endpointName?: string;
        startedTimeStamp?: undefined;
        fulfilledTimeStamp?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        isUninitialized: true;
        isLoading: false;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    } & Omit<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp">> & {
        error: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
        isUninitialized: false;
        isLoading: false;
        isSuccess: true;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    } & {
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    } & {
        data?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
        isUninitialized: false;
        isLoading: true;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    } & Omit<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error">> & {
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
        isUninitialized: false;
        isLoading: false;
        isSuccess: false;
        isError: true;
    })) => R) | undefined;
    fixedCacheKey?: string;
} | undefined) => readonly [(arg: {
    username: string;
    password: string;
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    username: string;
    password: string;
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    token: string;
    isAdmin: boolean;
    details: {
        isSupportUser: boolean;
        handleStock: boolean;
        handleTransfer: boolean;
        reviewStock: boolean;
        viewPayroll: boolean;
        viewBooking: boolean;
        viewEmployee: boolean;
        viewSupplies: boolean;
        viewExpenses: boolean;
        _id: string;
        username: string;
        image: string | null;
        occupation: string;
    };
}, "api", unknown>>, R & {
    originalArgs?: {
        username: string;
        password: string;
    } | undefined;
    reset: () => void;
}], useEmployeeLoginMutation: <R extends Record<string, any> = ({
    requestId?: undefined;
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    data?: undefined;
    error?: undefined;
    endpointName?: string;
    startedTimeStamp?: undefined;
    fulfilledTimeStamp?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    isUninitialized: true;
    isLoading: false;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
} & Omit<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp">> & {
    error: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    isUninitialized: false;
    isLoading: false;
    isSuccess: true;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
} & {
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
} & {
    data?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    isUninitialized: false;
    isLoading: true;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
} & Omit<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        token: string;
        isAdmin: boolean;
        details: {
            isSupportUser: boolean;
            handleStock: boolean;
            handleTransfer: boolean;
            reviewStock: boolean;
            viewPayroll: boolean;
            viewBooking: boolean;
            viewEmployee: boolean;
            viewSupplies: boolean;
            viewExpenses: boolean;
            _id: string;
            username: string;
            image: string | null;
            occupation: string;
        };
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error">> & {
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    isUninitialized: false;
    isLoading: false;
    isSuccess: false;
    isError: true;
})>(options?: {
    selectFromResult?: ((state: ({
        requestId?: undefined;
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        data?: undefined;
        error?: undefined;
        endpointName?: string;
        startedTimeStamp?: undefined;
        fulfilledTimeStamp?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        isUninitialized: true;
        isLoading: false;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    } & Omit<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp">> & {
        error: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
        isUninitialized: false;
        isLoading: false;
        isSuccess: true;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    } & {
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    } & {
        data?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
        isUninitialized: false;
        isLoading: true;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    } & Omit<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error">> & {
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
        isUninitialized: false;
        isLoading: false;
        isSuccess: false;
        isError: true;
    })) => R) | undefined;
    fixedCacheKey?: string;
} | undefined) => readonly [(arg: {
    username: string;
    password: string;
    businessId: string;
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    username: string;
    password: string;
    businessId: string;
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    token: string;
    isAdmin: boolean;
    details: {
        isSupportUser: boolean;
        handleStock: boolean;
        handleTransfer: boolean;
        reviewStock: boolean;
        viewPayroll: boolean;
        viewBooking: boolean;
        viewEmployee: boolean;
        viewSupplies: boolean;
        viewExpenses: boolean;
        _id: string;
        username: string;
        image: string | null;
        occupation: string;
    };
}, "api", unknown>>, R & {
    originalArgs?: {
        username: string;
        password: string;
        businessId: string;
    } | undefined;
    reset: () => void;
}], useRequestAccessKeyMutation: <R extends Record<string, any> = ({
    requestId?: undefined;
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    data?: undefined;
    error?: undefined;
    endpointName?: string;
    startedTimeStamp?: undefined;
    fulfilledTimeStamp?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
    isUninitialized: true;
    isLoading: false;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
} & Omit<{
    requestId: string;
    data?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp">> & {
    error: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    isUninitialized: false;
    isLoading: false;
    isSuccess: true;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
} & {
    requestId: string;
    data?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
} & {
    data?: undefined;
} & {
    status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    isUninitialized: false;
    isLoading: true;
    isSuccess: false;
    isError: false;
}) | ({
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
} & Omit<{
    requestId: string;
    data?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        businessId: string;
        businessName: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error">> & {
    status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    isUninitialized: false;
    isLoading: false;
    isSuccess: false;
    isError: true;
})>(options?: {
    selectFromResult?: ((state: ({
        requestId?: undefined;
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        data?: undefined;
        error?: undefined;
        endpointName?: string;
        startedTimeStamp?: undefined;
        fulfilledTimeStamp?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.uninitialized;
        isUninitialized: true;
        isLoading: false;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
    } & Omit<{
        requestId: string;
        data?: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp">> & {
        error: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.fulfilled;
        isUninitialized: false;
        isLoading: false;
        isSuccess: true;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
    } & {
        requestId: string;
        data?: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    } & {
        data?: undefined;
    } & {
        status: import("@reduxjs/toolkit/query").QueryStatus.pending;
        isUninitialized: false;
        isLoading: true;
        isSuccess: false;
        isError: false;
    }) | ({
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
    } & Omit<{
        requestId: string;
        data?: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error">> & {
        status: import("@reduxjs/toolkit/query").QueryStatus.rejected;
        isUninitialized: false;
        isLoading: false;
        isSuccess: false;
        isError: true;
    })) => R) | undefined;
    fixedCacheKey?: string;
} | undefined) => readonly [(arg: {
    type: "adminKey";
} | {
    type: "normalKey";
    code: string;
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    type: "adminKey";
} | {
    type: "normalKey";
    code: string;
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    type: "adminKey";
} | {
    type: "normalKey";
    businessId: string;
    businessName: string;
}, "api", unknown>>, R & {
    originalArgs?: {
        type: "adminKey";
    } | {
        type: "normalKey";
        code: string;
    } | undefined;
    reset: () => void;
}];

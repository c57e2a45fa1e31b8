import type { Business } from "@app/shared/business/business";
export declare const businessApi: import("@reduxjs/toolkit/query").Api<import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, {
    listBusinesses: import("@reduxjs/toolkit/query").QueryDefinition<void, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
    }[], "api", unknown>;
    getBusinessSettings: import("@reduxjs/toolkit/query").QueryDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    }, "api", unknown>;
    updateBusiness: import("@reduxjs/toolkit/query").MutationDefinition<{
        id: string;
    } & {
        name?: string | undefined;
        businessType?: "general" | "hotel" | "clinic" | "payroll" | undefined;
        accountActive?: boolean | undefined;
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    }, "api", unknown>;
    rotateStaffCode: import("@reduxjs/toolkit/query").MutationDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    }, "api", unknown>;
    addBusiness: import("@reduxjs/toolkit/query").MutationDefinition<{
        businessName: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
    }, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        business: Business;
    }, "api", unknown>;
}, "api", "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", typeof import("@reduxjs/toolkit/query").coreModuleName | typeof import("@reduxjs/toolkit/query/react").reactHooksModuleName>;
export declare const useListBusinessesQuery: <R extends Record<string, any> = import("@reduxjs/toolkit/query/react").UseQueryStateDefaultResult<import("@reduxjs/toolkit/query").QueryDefinition<void, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
}[], "api", unknown>>>(arg: void | typeof import("@reduxjs/toolkit/query").skipToken, options?: (import("@reduxjs/toolkit/query").SubscriptionOptions & {
    skip?: boolean;
    refetchOnMountOrArgChange?: boolean | number;
} & {
    skip?: boolean;
    selectFromResult?: ((state: import("@reduxjs/toolkit/query/react").UseQueryStateDefaultResult<import("@reduxjs/toolkit/query").QueryDefinition<void, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
    }[], "api", unknown>>) => R) | undefined;
}) | undefined) => R & {
    refetch: () => import("@reduxjs/toolkit/query").QueryActionCreatorResult<import("@reduxjs/toolkit/query").QueryDefinition<void, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
    }[], "api", unknown>>;
}, useGetBusinessSettingsQuery: <R extends Record<string, any> = import("@reduxjs/toolkit/query/react").UseQueryStateDefaultResult<import("@reduxjs/toolkit/query").QueryDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
    staffAccessCode: string;
}, "api", unknown>>>(arg: string | typeof import("@reduxjs/toolkit/query").skipToken, options?: (import("@reduxjs/toolkit/query").SubscriptionOptions & {
    skip?: boolean;
    refetchOnMountOrArgChange?: boolean | number;
} & {
    skip?: boolean;
    selectFromResult?: ((state: import("@reduxjs/toolkit/query/react").UseQueryStateDefaultResult<import("@reduxjs/toolkit/query").QueryDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    }, "api", unknown>>) => R) | undefined;
}) | undefined) => R & {
    refetch: () => import("@reduxjs/toolkit/query").QueryActionCreatorResult<import("@reduxjs/toolkit/query").QueryDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    }, "api", unknown>>;
}, useUpdateBusinessMutation: <R extends Record<string, any> = ({
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
    id: string;
} & {
    name?: string | undefined;
    businessType?: "general" | "hotel" | "clinic" | "payroll" | undefined;
    accountActive?: boolean | undefined;
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    id: string;
} & {
    name?: string | undefined;
    businessType?: "general" | "hotel" | "clinic" | "payroll" | undefined;
    accountActive?: boolean | undefined;
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
    staffAccessCode: string;
}, "api", unknown>>, R & {
    originalArgs?: ({
        id: string;
    } & {
        name?: string | undefined;
        businessType?: "general" | "hotel" | "clinic" | "payroll" | undefined;
        accountActive?: boolean | undefined;
    }) | undefined;
    reset: () => void;
}], useRotateStaffCodeMutation: <R extends Record<string, any> = ({
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        _id: string;
        name: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
        accountActive: boolean;
        timeZone: string;
        createdAt: string;
        staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
            staffAccessCode: string;
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
} | undefined) => readonly [(arg: string) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<string, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
    staffAccessCode: string;
}, "api", unknown>>, R & {
    originalArgs?: string | undefined;
    reset: () => void;
}], useAddBusinessMutation: <R extends Record<string, any> = ({
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
        business: Business;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "data" | "fulfilledTimeStamp"> & Required<Pick<{
    requestId: string;
    data?: {
        business: Business;
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
        business: Business;
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
        business: Business;
    } | undefined;
    error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
    endpointName: string;
    startedTimeStamp: number;
    fulfilledTimeStamp?: number;
}, "error"> & Required<Pick<{
    requestId: string;
    data?: {
        business: Business;
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
            business: Business;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "data" | "fulfilledTimeStamp"> & Required<Pick<{
        requestId: string;
        data?: {
            business: Business;
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
            business: Business;
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
            business: Business;
        } | undefined;
        error?: import("@reduxjs/toolkit/query").FetchBaseQueryError | import("@reduxjs/toolkit").SerializedError | undefined;
        endpointName: string;
        startedTimeStamp: number;
        fulfilledTimeStamp?: number;
    }, "error"> & Required<Pick<{
        requestId: string;
        data?: {
            business: Business;
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
    businessName: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
}) => import("@reduxjs/toolkit/query").MutationActionCreatorResult<import("@reduxjs/toolkit/query").MutationDefinition<{
    businessName: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
}, import("@reduxjs/toolkit/query").BaseQueryFn<string | import("@reduxjs/toolkit/query").FetchArgs, unknown, import("@reduxjs/toolkit/query").FetchBaseQueryError>, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", {
    business: Business;
}, "api", unknown>>, R & {
    originalArgs?: {
        businessName: string;
        businessType: "general" | "hotel" | "clinic" | "payroll";
    } | undefined;
    reset: () => void;
}];

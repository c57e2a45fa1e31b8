import type { Analysis } from "@app/shared/rooms/analysis";
import type { RoomChargeInput } from "@app/shared/rooms/bill";
import type {
  BillChargeInput,
  BillPaymentInput,
  Board,
  Booking,
  BookingSummary,
  CheckOutInput,
  CreateBookingInput,
  InHouseGuest,
  ListBookingsQuery,
  RoomDetail,
  UpdateBookingInput,
} from "@app/shared/rooms/booking";
import type {
  Conference,
  ConferencePrice,
  CreateConferenceInput,
  CreateConferencePriceInput,
  UpdateConferenceInput,
  UpdateConferencePriceInput,
} from "@app/shared/rooms/conference";
import type { BookingPage, OnlineRequest } from "@app/shared/rooms/online-booking";
import type {
  CreateRoomInput,
  CreateRoomTypeInput,
  Room,
  RoomType,
  UpdateRoomInput,
  UpdateRoomTypeInput,
} from "@app/shared/rooms/room";
import type { Sale } from "@app/shared/sales/sale";
import { baseApi } from "../../api/base-api.ts";

/**
 * The hotel area's calls (the feature's public entry: the POS uses the in-house list and the
 * charge to room). Rooms, bookings and bills change together (a booking sets its room's status,
 * a payment its balance), so writes refresh the lot; conferences can sit on a guest's bill.
 */
const HOTEL = ["Room", "RoomType", "Booking", "Board", "OnlineRequest"] as const;
type Idem = { idempotencyKey: string };

export const roomsApi = baseApi
  .enhanceEndpoints({
    addTagTypes: [...HOTEL, "Conference", "ConferencePrice", "BookingPage", "Sale", "Product", "Stock", "Notification"],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listRooms: build.query<Room[], string>({
        query: (businessId) => ({ url: "/rooms", params: { businessId } }),
        providesTags: ["Room"],
      }),
      getRoom: build.query<RoomDetail, string>({ query: (id) => `/rooms/${id}`, providesTags: ["Room", "Booking"] }),
      createRoom: build.mutation<Room, CreateRoomInput>({
        query: (body) => ({ url: "/rooms", method: "POST", body }),
        invalidatesTags: [...HOTEL],
      }),
      updateRoom: build.mutation<Room, { id: string; body: UpdateRoomInput }>({
        query: ({ id, body }) => ({ url: `/rooms/${id}`, method: "PUT", body }),
        invalidatesTags: [...HOTEL],
      }),
      deleteRoom: build.mutation<void, string>({
        query: (id) => ({ url: `/rooms/${id}`, method: "DELETE" }),
        invalidatesTags: [...HOTEL],
      }),
      addRoomImage: build.mutation<Room, { id: string; file: File }>({
        query: ({ id, file }) => {
          const body = new FormData();
          body.append("image", file);
          return { url: `/rooms/addImage/${id}`, method: "PUT", body };
        },
        invalidatesTags: ["Room"],
      }),

      listRoomTypes: build.query<RoomType[], string>({
        query: (businessId) => ({ url: "/rooms/types", params: { businessId } }),
        providesTags: ["RoomType"],
      }),
      createRoomType: build.mutation<RoomType, CreateRoomTypeInput>({
        query: (body) => ({ url: "/rooms/types", method: "POST", body }),
        invalidatesTags: [...HOTEL],
      }),
      updateRoomType: build.mutation<RoomType, { id: string; body: UpdateRoomTypeInput }>({
        query: ({ id, body }) => ({ url: `/rooms/types/${id}`, method: "PUT", body }),
        invalidatesTags: [...HOTEL],
      }),
      deleteRoomType: build.mutation<void, string>({
        query: (id) => ({ url: `/rooms/types/${id}`, method: "DELETE" }),
        invalidatesTags: ["RoomType"],
      }),

      board: build.query<Board, { businessId: string; from?: string; days: number }>({
        query: (params) => ({ url: "/rooms/board", params }),
        providesTags: ["Board"],
      }),
      occupancy: build.query<Analysis, { businessId: string; from: string; to: string }>({
        query: (params) => ({ url: "/rooms/analysis", params }),
        providesTags: ["Booking"],
      }),

      listBookings: build.query<BookingSummary[], Partial<ListBookingsQuery> & { businessId: string }>({
        query: (params) => ({ url: "/bookings", params }),
        providesTags: ["Booking"],
      }),
      getBooking: build.query<Booking, string>({ query: (id) => `/bookings/${id}`, providesTags: ["Booking"] }),
      createBooking: build.mutation<Booking, CreateBookingInput & Idem>({
        query: ({ idempotencyKey, ...body }) => ({
          url: "/bookings",
          method: "POST",
          body,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: [...HOTEL],
      }),
      updateBooking: build.mutation<Booking, { id: string; body: UpdateBookingInput }>({
        query: ({ id, body }) => ({ url: `/bookings/${id}`, method: "PUT", body }),
        invalidatesTags: [...HOTEL, "Conference"],
      }),
      cancelBooking: build.mutation<Booking, { id: string; reason?: string }>({
        query: ({ id, reason }) => ({ url: `/bookings/${id}`, method: "DELETE", params: reason ? { reason } : {} }),
        invalidatesTags: [...HOTEL],
      }),
      checkIn: build.mutation<Booking, string>({
        query: (id) => ({ url: `/bookings/${id}/checkin`, method: "POST" }),
        invalidatesTags: [...HOTEL],
      }),
      checkOut: build.mutation<Booking, { id: string; body: CheckOutInput }>({
        query: ({ id, body }) => ({ url: `/bookings/${id}/checkout`, method: "POST", body }),
        invalidatesTags: [...HOTEL],
      }),
      payBooking: build.mutation<Booking, { id: string; body: BillPaymentInput } & Idem>({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/bookings/${id}/payments`,
          method: "POST",
          body,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: [...HOTEL],
      }),
      addCharge: build.mutation<Booking, { id: string; body: BillChargeInput }>({
        query: ({ id, body }) => ({ url: `/bookings/${id}/charges`, method: "POST", body }),
        invalidatesTags: [...HOTEL],
      }),
      inHouseGuests: build.query<InHouseGuest[], string>({
        query: (businessId) => ({ url: "/bookings/inhouse", params: { businessId } }),
        providesTags: ["Booking"],
      }),
      /** The POS's charge to room: a sale on a checked-in guest's bill (stock moves as for any sale). */
      chargeToRoom: build.mutation<Sale, { bookingId: string; body: RoomChargeInput } & Idem>({
        query: ({ bookingId, body, idempotencyKey }) => ({
          url: `/bookings/${bookingId}/roomcharge`,
          method: "POST",
          body,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: [...HOTEL, "Sale", "Product", "Stock", "Notification"],
      }),

      listConferences: build.query<Conference[], string>({
        query: (businessId) => ({ url: "/conferences", params: { businessId } }),
        providesTags: ["Conference"],
      }),
      getConference: build.query<Conference, string>({
        query: (id) => `/conferences/${id}`,
        providesTags: ["Conference"],
      }),
      createConference: build.mutation<Conference, CreateConferenceInput>({
        query: (body) => ({ url: "/conferences", method: "POST", body }),
        invalidatesTags: ["Conference", ...HOTEL],
      }),
      updateConference: build.mutation<Conference, { id: string; body: UpdateConferenceInput }>({
        query: ({ id, body }) => ({ url: `/conferences/${id}`, method: "PUT", body }),
        invalidatesTags: ["Conference", ...HOTEL],
      }),
      cancelConference: build.mutation<Conference, string>({
        query: (id) => ({ url: `/conferences/${id}`, method: "DELETE" }),
        invalidatesTags: ["Conference", ...HOTEL],
      }),
      payConference: build.mutation<Conference, { id: string; body: BillPaymentInput } & Idem>({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/conferences/${id}/payments`,
          method: "POST",
          body,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: ["Conference"],
      }),
      listPrices: build.query<ConferencePrice[], string>({
        query: (businessId) => ({ url: "/conferences/price", params: { businessId } }),
        providesTags: ["ConferencePrice"],
      }),
      createPrice: build.mutation<ConferencePrice, CreateConferencePriceInput>({
        // The path of spec section 7, trailing slash included.
        query: (body) => ({ url: "/conferences/price/", method: "POST", body }),
        invalidatesTags: ["ConferencePrice"],
      }),
      updatePrice: build.mutation<ConferencePrice, { id: string; body: UpdateConferencePriceInput }>({
        query: ({ id, body }) => ({ url: `/conferences/price/${id}`, method: "PUT", body }),
        invalidatesTags: ["ConferencePrice"],
      }),

      listOnlineRequests: build.query<OnlineRequest[], string>({
        query: (businessId) => ({ url: "/onlinebooking", params: { businessId } }),
        providesTags: ["OnlineRequest"],
      }),
      confirmOnlineRequest: build.mutation<Booking, { id: string; roomId: string | null }>({
        query: ({ id, roomId }) => ({ url: `/onlinebooking/${id}/confirm`, method: "POST", body: { roomId } }),
        invalidatesTags: [...HOTEL],
      }),
      declineOnlineRequest: build.mutation<OnlineRequest, { id: string; reason: string }>({
        query: ({ id, reason }) => ({ url: `/onlinebooking/${id}/decline`, method: "POST", body: { reason } }),
        invalidatesTags: ["OnlineRequest"],
      }),
      bookingPage: build.query<BookingPage, string>({
        query: (businessId) => ({ url: "/rooms/bookingpage", params: { businessId } }),
        providesTags: ["BookingPage"],
      }),
      setBookingPage: build.mutation<BookingPage, { businessId: string; enabled: boolean }>({
        query: (body) => ({ url: "/rooms/bookingpage", method: "PUT", body }),
        invalidatesTags: ["BookingPage"],
      }),
    }),
  });

export const {
  useListRoomsQuery,
  useGetRoomQuery,
  useCreateRoomMutation,
  useUpdateRoomMutation,
  useDeleteRoomMutation,
  useAddRoomImageMutation,
  useListRoomTypesQuery,
  useCreateRoomTypeMutation,
  useUpdateRoomTypeMutation,
  useDeleteRoomTypeMutation,
  useBoardQuery,
  useOccupancyQuery,
  useListBookingsQuery,
  useGetBookingQuery,
  useCreateBookingMutation,
  useUpdateBookingMutation,
  useCancelBookingMutation,
  useCheckInMutation,
  useCheckOutMutation,
  usePayBookingMutation,
  useAddChargeMutation,
  useInHouseGuestsQuery,
  useChargeToRoomMutation,
  useListConferencesQuery,
  useGetConferenceQuery,
  useCreateConferenceMutation,
  useUpdateConferenceMutation,
  useCancelConferenceMutation,
  usePayConferenceMutation,
  useListPricesQuery,
  useCreatePriceMutation,
  useUpdatePriceMutation,
  useListOnlineRequestsQuery,
  useConfirmOnlineRequestMutation,
  useDeclineOnlineRequestMutation,
  useBookingPageQuery,
  useSetBookingPageMutation,
} = roomsApi;

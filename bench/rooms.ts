// Benchmark 7: the hotel's front desk board (GET /api/rooms/board) for 200 rooms over 30 days,
// over HTTP against the server process: the rooms, every stay with a night in the period, and
// each stay's balance (room nights, charges, payments) summed in SQL.
import type pg from "pg";
import { todayIn } from "../packages/shared/src/inventory/daily-stock.ts";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { figure, type Figure } from "./lib/stats.ts";

/**
 * A hotel straight in SQL (the benchmark measures the board, not the seeding): 4 room types,
 * `rooms` rooms, and for each room back-to-back stays of 2 nights with a free night between
 * (two thirds occupancy) from 5 days ago to 40 days ahead: past stays checked out, today's in
 * house, later ones booked; every stay that began has a charge, and every stay a payment.
 */
async function seedHotel(pool: pg.Pool, businessId: string, rooms: number, today: string): Promise<number> {
  await pool.query(
    `INSERT INTO room_types (business_id, name, rate, weekend_rate) SELECT $1, 'Type ' || g, 400000 + g * 100000, 700000 FROM generate_series(1, 4) g`,
    [businessId],
  );
  await pool.query(
    `INSERT INTO rooms (business_id, name, room_type_id, status)
     SELECT $1, (100 + g)::text, t.id, 'available'
     FROM generate_series(1, $2) g
     JOIN LATERAL (SELECT id FROM room_types WHERE business_id = $1 ORDER BY name OFFSET (g % 4) LIMIT 1) t ON true`,
    [businessId, rooms],
  );
  const { rowCount } = await pool.query(
    `INSERT INTO bookings (business_id, room_id, guest_name, guest_phone, check_in, check_out, nightly_rates, room_total, status, created_by)
     SELECT r.business_id, r.id, 'Guest ' || r.name || '-' || k, '0712345678', x.ci, x.ci + 2, '[500000, 500000]', 1000000,
            CASE WHEN x.ci + 2 <= $2::date THEN 'checkedOut' WHEN x.ci <= $2::date THEN 'checkedIn' ELSE 'booked' END, 'bench'
     FROM rooms r, generate_series(0, 14) k, LATERAL (SELECT $2::date - 5 + 3 * k + (r.name::int % 3) AS ci) x
     WHERE r.business_id = $1`,
    [businessId, today],
  );
  await pool.query(
    `INSERT INTO booking_charges (business_id, booking_id, kind, description, amount, created_by)
     SELECT business_id, id, 'other', 'Laundry', 50000, 'bench' FROM bookings WHERE business_id = $1 AND status <> 'booked'`,
    [businessId],
  );
  await pool.query(
    `INSERT INTO bill_payments (business_id, booking_id, kind, method, amount, paid_at, recorded_by)
     SELECT business_id, id, 'payment', 'Cash', 300000, now(), 'bench' FROM bookings WHERE business_id = $1`,
    [businessId],
  );
  await pool.query("ANALYZE rooms, bookings, booking_charges, bill_payments");
  return rowCount ?? 0;
}

export async function benchRooms(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  rooms: number;
  runs: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const owner = await registerOwner(opts.server.base, "Bench Lakeside Hotel", "hotel");
  const today = todayIn("Africa/Nairobi");
  const stays = await seedHotel(opts.pool, owner.businessId, opts.rooms, today);
  const headers = { authorization: `Bearer ${owner.token}` };
  const url = `${opts.server.base}/api/rooms/board?businessId=${owner.businessId}&from=${today}&days=30`;
  const b = `front desk board (${opts.rooms} rooms, ${stays.toLocaleString("en")} stays)`;
  const ms: number[] = [];
  let shown = 0;
  for (let i = 0; i < opts.runs + 2; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { rooms: unknown[]; bookings: unknown[] };
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`the board answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.rooms.length !== opts.rooms) throw new Error(`the board showed ${body.rooms.length} rooms`);
    shown = body.bookings.length;
    if (i >= 2) ms.push(took); // two warm-up requests
  }
  const figures = [
    figure(b, `30 days from today (${shown.toLocaleString("en")} stays shown), request to last byte`, ms, "ms", {
      text: "under 300 ms",
      test: (v) => v < 300,
    }),
  ];
  for (const f of figures) opts.log(`${f.bench}: ${f.name}: ${f.value} ${f.unit}`);
  return figures;
}

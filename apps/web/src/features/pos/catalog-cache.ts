import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { StoredCatalog } from "@app/shared/pos/catalog";
import type { Tiles } from "@app/shared/pos/tiles";

/**
 * The till's catalog on the device (IndexedDB, through `idb`): one record per business, with the
 * cursor (`version`) the server handed out with it, so a reopened till shows it at once and asks
 * only for what changed since. And the tile grid's order as last fetched, per category, so the
 * tiles stand after a reload with no network. Prices and stock here are only what the till
 * shows: the server prices and checks every sale it records.
 *
 * Not encrypted (unlike the outbox and the saved session): it holds what the shop's shelves show.
 * Every failure here (private mode, a full disk, a browser without IndexedDB) reads as nothing
 * stored: the till then loads from the server as a new device does.
 */
const DB_NAME = "duka-catalog";
/** Raised when a record's shape changes: older records are then dropped, not misread. */
const FORMAT = 1;

type CatalogRecord = { businessId: string; format: number; savedAt: number; catalog: StoredCatalog };
type TilesRecord = { key: string; businessId: string; format: number; tiles: Tiles };

interface CatalogDb extends DBSchema {
  catalogs: { key: string; value: CatalogRecord };
  tiles: { key: string; value: TilesRecord };
}

let opening: Promise<IDBPDatabase<CatalogDb>> | null = null;

function database(): Promise<IDBPDatabase<CatalogDb>> {
  opening ??= openDB<CatalogDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("catalogs", { keyPath: "businessId" });
      db.createObjectStore("tiles", { keyPath: "key" });
    },
    // Another tab upgrading, or the site's data cleared: let go, and open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

const tilesKey = (businessId: string, categoryId: string | undefined) => `${businessId}:${categoryId ?? ""}`;

/** The business's stored catalog, or null (none, an older format, or IndexedDB unusable). */
export async function readStoredCatalog(businessId: string): Promise<StoredCatalog | null> {
  try {
    const record = await (await database()).get("catalogs", businessId);
    return record?.format === FORMAT ? record.catalog : null;
  } catch (err) {
    console.warn("The stored catalog could not be read", err);
    return null;
  }
}

/** Keeps the business's catalog on the device, replacing the one stored. */
export async function storeCatalog(businessId: string, catalog: StoredCatalog): Promise<void> {
  try {
    await (await database()).put("catalogs", { businessId, format: FORMAT, savedAt: Date.now(), catalog });
  } catch (err) {
    console.warn("The catalog could not be stored on this device", err);
  }
}

/** The tile order last fetched for a business and category (undefined: most sold), or null. */
export async function readStoredTiles(businessId: string, categoryId?: string): Promise<Tiles | null> {
  try {
    const record = await (await database()).get("tiles", tilesKey(businessId, categoryId));
    return record?.format === FORMAT ? record.tiles : null;
  } catch {
    return null;
  }
}

export async function storeTiles(businessId: string, categoryId: string | undefined, tiles: Tiles): Promise<void> {
  try {
    const key = tilesKey(businessId, categoryId);
    await (await database()).put("tiles", { key, businessId, format: FORMAT, tiles });
  } catch (err) {
    console.warn("The tiles could not be stored on this device", err);
  }
}

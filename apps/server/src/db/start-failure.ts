import path from "node:path";

/** Below this much free space PostgreSQL cannot write its log and refuses to start or crashes. */
export const LOW_DISK_BYTES = 32 * 1024 * 1024;

export type StartFailure = {
  /** PostgreSQL's last messages (its stderr), newest last. */
  output: string;
  /** Free bytes on the disk holding the data dir, when known. */
  freeBytes: number | null;
  /** The PostgreSQL data dir (DATA_DIR/pg). */
  pgDir: string;
  port: number;
};

const DAMAGED = [
  /invalid (primary )?checkpoint record/i,
  /could not locate a valid checkpoint record/i,
  /incorrect checksum in control file/i,
  /database files are incompatible/i,
  /is not a database cluster directory/i,
  /could not (open|read) file "global\/pg_control"/i,
  /invalid magic number/i,
  /invalid resource manager ID/i,
  /PANIC: .*(corrupt|invalid|could not read)/i,
];

/**
 * Explains, in words a shop owner can act on, why the embedded PostgreSQL did not start, when
 * the cause is one the server cannot fix by trying again: a full disk, damaged database files,
 * a folder it may not read, or its port taken. Null when no such cause is recognised.
 */
export function explainStartFailure({ output, freeBytes, pgDir, port }: StartFailure): string | null {
  const dataDir = path.dirname(pgDir);
  if (
    /No space left on device|could not extend file|disk full/i.test(output) ||
    (freeBytes ?? Infinity) < LOW_DISK_BYTES
  )
    return (
      `The disk holding the shop's data (${dataDir}) is full, so the database cannot start. ` +
      "Free some space on that disk (delete old downloads, empty the recycle bin, move old backups elsewhere); " +
      "the app keeps trying and works again by itself once there is room."
    );
  const madeBy = /initialized by PostgreSQL version (\d+)/.exec(output);
  if (madeBy)
    return (
      `The database files in ${pgDir} were made by PostgreSQL ${madeBy[1]}, which this version of the app cannot open. ` +
      "Go back to the version of the app you ran before, make a backup (`npm run backup`), then update and restore it."
    );
  if (DAMAGED.some((re) => re.test(output)))
    return (
      `The database files in ${pgDir} look damaged, so the database cannot start. Do not delete them. ` +
      `Stop the app, rename the folder ${pgDir} (for example to pg-damaged), start the app again and restore ` +
      "your latest backup with `npm run restore -- FILE`; or call your support contact with the damaged folder."
    );
  if (/Permission denied|Operation not permitted/i.test(output))
    return (
      `The app may not read or write its database folder ${pgDir}. ` +
      "Make sure the folder belongs to the user the app runs as, then restart the app."
    );
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(output))
    return (
      `Another program took the database's port (${port}) while it was restarting. ` +
      "Restart the app: it picks a free port when it starts."
    );
  return null;
}

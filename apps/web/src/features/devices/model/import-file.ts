// The file a site manager imports (docs/devices.md "Importing devices"): what the API takes at
// most, checked before sending, and the example the screen shows and offers to download.
import { IMPORT_BODY_LIMIT } from '@portal/contracts/devices';

/** Larger files the API refuses (413): refused here without a request. */
export const isTooLarge = (file: Blob) => file.size > IMPORT_BODY_LIMIT;

/** A file as Swedish Excel saves it: a header, semicolons, one device of each common kind. */
export const IMPORT_EXAMPLE = [
  'deviceType;idNumber;name;role',
  'gw;AA:BB:CC:DD:EE:FF;Gateway;',
  'el;KAM12345678;Lgh 1001;household',
  'hw;12345678;Varmvatten lgh 1001;',
  'cw;12345679;Kallvatten lgh 1001;',
  'door;LOCK-1A;Entrédörr;',
].join('\n');

/** The example as a file to download, with a BOM so Excel reads it as UTF-8 (å, ä, ö). */
export const IMPORT_EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${IMPORT_EXAMPLE.replaceAll('\n', '\r\n')}\r\n`)}`;
export const IMPORT_EXAMPLE_FILE_NAME = 'enheter.csv';

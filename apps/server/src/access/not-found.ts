// The 404 texts of DESIGN §5's "does not exist for you", one per resource, used by the id
// parameters (id-params.ts) and the services alike so both answer the same.
export const ORGANIZATION_NOT_FOUND = 'Organization not found.';
export const PROPERTY_NOT_FOUND = 'Property not found.';
export const AREA_NOT_FOUND = 'Area not found.';
export const USER_NOT_FOUND = 'User not found.';
export const DEVICE_NOT_FOUND = 'Device not found.';
export const PIN_CODE_NOT_FOUND = 'PIN code not found.';
export const IMAGE_NOT_FOUND = 'Image not found.';
export const WIFI_NOT_FOUND = 'WiFi network not found.';

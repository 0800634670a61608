-- Device key hints were cut at the secret's last underscore (base64url has `_` in its alphabet), so a hint could
-- show most or all of the key. Keep only the prefix, the device id and the first 4 characters of the secret.
UPDATE "farm_devices"
SET "key_hint" = 'trd_' || "id" || '_' || substr("key_hint", length('trd_' || "id" || '_') + 1, 4) || '…'
WHERE "key_hint" <> '';

-- A certificate's check code (decision 030): 8 characters of Crockford's base32 alphabet (no I, L,
-- O, U: nothing to misread), 40 random bits from gen_random_uuid() (PostgreSQL's strong random
-- source; one byte's low 5 bits per character). The public check by number asks for it, so
-- numbers that count up find nothing. The default of certificates.check_code: every row gets its
-- own, also the rows there when the column is added. Re-runnable.
CREATE OR REPLACE FUNCTION certificate_check_code() RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(uuid_send(gen_random_uuid()), 0) % 32 + 1, 1), '')
  FROM generate_series(1, 8)
$$;

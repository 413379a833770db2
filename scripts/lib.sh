# Shared helpers for the scripts in this folder. Sourced, not run.

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages given that are not installed yet (one apt run for all of them).
apt_install() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> Installing ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# What building Thrive needs from Debian: librsvg and cairo draw exported charts as PNG, with the
# DejaVu fonts, so a PNG is the same file on every machine; libxml2 parses Apple Health exports;
# zbar reads a test kit's barcode from a photo.
build_packages=(ca-certificates pkg-config librsvg2-dev libcairo2-dev libpango1.0-dev libqpdf-dev libxml2-dev libqrencode-dev zlib1g-dev libzbar-dev fonts-dejavu-core)

# Starts the Debian PostgreSQL cluster on 127.0.0.1:5432, makes a test role and database, and
# exports THRIVE_TEST_DATABASE_URL for the store suite.
start_postgres() {
    apt_install postgresql
    local version
    version=$(ls /usr/lib/postgresql | sort -n | tail -1)
    if ! pg_lsclusters -h | grep -q "^$version main"; then
        as_root pg_createcluster "$version" main >/dev/null
    fi
    as_root pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
    for _ in $(seq 1 50); do
        pg_isready -q -h 127.0.0.1 -p 5432 && break
        sleep 0.2
    done
    as_root runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'thrive_test') THEN
    CREATE ROLE thrive_test LOGIN PASSWORD 'thrive_test' CREATEDB;
  END IF;
END $$;
SELECT 'CREATE DATABASE thrive_test OWNER thrive_test'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'thrive_test')\gexec
-- Tests drop their databases WITH (FORCE), which must be able to stop an autovacuum worker.
GRANT pg_signal_backend TO thrive_test;
SQL
    export THRIVE_TEST_DATABASE_URL="postgres://thrive_test:thrive_test@127.0.0.1:5432/thrive_test"
}

import ThriveCore

/// The schema's history, oldest first. Every table holding a person's data carries `owner_id`, and
/// deleting the person deletes it all (ON DELETE CASCADE).
enum Schema {
    static let migrations: [Migration] = [
        initial, engines, foodCatalog, journal, sleepQuality, quantityHours, quantityDays, changeLog, habits,
        achievements, coach, creators, daysBefore1970, foodNames,
        creatorBadgeAwards, notifications, jobs, pushDevices, dataImports, statementRollups, deviceConnections, bulkDeletes,
        statementOwnerCheck, signInSecurity, passkeys, appLock, accountDeletions, dataExports, inactivity,
        accountIdentities, labs, labShares, breathingLogs, partnerKits, familyShares, counseling,
    ]

    static let initial = Migration(version: 1, name: "accounts, sessions, profile and health records") { t in
        let provenance = """
            source_name TEXT NOT NULL,
                source_kind TEXT NOT NULL,
                sync_identifier TEXT,
                sync_version \(t.integer) NOT NULL DEFAULT 1,
                UNIQUE (owner_id, sync_identifier)
            """
        return [
            """
            CREATE TABLE users (
                id \(t.uuid) PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL
            )
            """,
            """
            CREATE TABLE profiles (
                user_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                display_name TEXT,
                date_of_birth TEXT,
                sex TEXT,
                height_m \(t.double),
                weight_kg \(t.double),
                unit_system TEXT NOT NULL,
                time_zone TEXT NOT NULL,
                updated_at \(t.timestamp) NOT NULL
            )
            """,
            """
            CREATE TABLE web_sessions (
                token_hash TEXT PRIMARY KEY,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                last_seen_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX web_sessions_user ON web_sessions (user_id)",
            """
            CREATE TABLE auth_tokens (
                token_hash TEXT PRIMARY KEY,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                family_id \(t.uuid) NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                expires_at \(t.timestamp) NOT NULL,
                revoked_at \(t.timestamp)
            )
            """,
            "CREATE INDEX auth_tokens_user ON auth_tokens (user_id)",
            "CREATE INDEX auth_tokens_family ON auth_tokens (family_id)",
            """
            CREATE TABLE login_failures (
                throttle_key TEXT PRIMARY KEY,
                failures \(t.integer) NOT NULL,
                window_start \(t.timestamp) NOT NULL,
                locked_until \(t.timestamp)
            )
            """,
            """
            CREATE TABLE quantity_samples (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                type TEXT NOT NULL,
                value \(t.double) NOT NULL,
                start_at \(t.timestamp) NOT NULL,
                end_at \(t.timestamp) NOT NULL,
                \(provenance)
            )
            """,
            "CREATE INDEX quantity_samples_owner_type_start ON quantity_samples (owner_id, type, start_at)",
            """
            CREATE TABLE category_samples (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                type TEXT NOT NULL,
                value \(t.integer) NOT NULL,
                start_at \(t.timestamp) NOT NULL,
                end_at \(t.timestamp) NOT NULL,
                \(provenance)
            )
            """,
            "CREATE INDEX category_samples_owner_type_start ON category_samples (owner_id, type, start_at)",
            """
            CREATE TABLE workouts (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                activity_type TEXT NOT NULL,
                start_at \(t.timestamp) NOT NULL,
                end_at \(t.timestamp) NOT NULL,
                active_energy_kcal \(t.double),
                distance_m \(t.double),
                \(provenance)
            )
            """,
            "CREATE INDEX workouts_owner_start ON workouts (owner_id, start_at)",
            """
            CREATE TABLE workout_sets (
                workout_id \(t.uuid) NOT NULL REFERENCES workouts (id) ON DELETE CASCADE,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                position \(t.integer) NOT NULL,
                exercise TEXT NOT NULL,
                reps \(t.integer),
                load_kg \(t.double),
                duration_s \(t.double),
                rpe \(t.double),
                PRIMARY KEY (workout_id, position)
            )
            """,
            "CREATE INDEX workout_sets_owner ON workout_sets (owner_id)",
            """
            CREATE TABLE food_log_entries (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                consumed_at \(t.timestamp) NOT NULL,
                meal_slot TEXT NOT NULL,
                name TEXT NOT NULL,
                grams \(t.double),
                energy_kcal \(t.double) NOT NULL,
                protein_g \(t.double) NOT NULL,
                carbohydrate_g \(t.double) NOT NULL,
                fat_g \(t.double) NOT NULL,
                \(provenance)
            )
            """,
            "CREATE INDEX food_log_entries_owner_consumed ON food_log_entries (owner_id, consumed_at)",
            """
            CREATE TABLE mood_check_ins (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                recorded_at \(t.timestamp) NOT NULL,
                mood \(t.integer) NOT NULL,
                energy \(t.integer),
                stress \(t.integer),
                note TEXT,
                \(provenance)
            )
            """,
            "CREATE INDEX mood_check_ins_owner_recorded ON mood_check_ins (owner_id, recorded_at)",
        ]
    }

    static let engines = Migration(version: 2, name: "person documents and safety alerts") { t in
        [
            """
            CREATE TABLE person_documents (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                body TEXT NOT NULL,
                updated_at \(t.timestamp) NOT NULL,
                PRIMARY KEY (owner_id, kind)
            )
            """,
            """
            CREATE TABLE safety_alerts (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                condition TEXT NOT NULL,
                message TEXT NOT NULL,
                evidence TEXT NOT NULL,
                observed_on TEXT NOT NULL,
                opened_at \(t.timestamp) NOT NULL,
                last_seen_at \(t.timestamp) NOT NULL,
                acknowledged_at \(t.timestamp),
                resolved_at \(t.timestamp)
            )
            """,
            // At most one open alert per condition: the database enforces the deduplication too.
            "CREATE UNIQUE INDEX safety_alerts_open ON safety_alerts (owner_id, condition) WHERE resolved_at IS NULL",
            "CREATE INDEX safety_alerts_owner_opened ON safety_alerts (owner_id, opened_at)",
        ]
    }

    /// The USDA food table and its search index; the rows are loaded by `FoodCatalogLoader`.
    static let foodCatalog = Migration(version: 3, name: "food catalog with full-text search") { t in
        let nutrients = FoodCatalogFile.foodColumns.dropFirst(5).map { "\($0) \(t.double)" }.joined(separator: ", ")
        var statements = [
            """
            CREATE TABLE foods (
                ndb_no TEXT PRIMARY KEY,
                description TEXT NOT NULL,
                food_group TEXT NOT NULL,
                common_names TEXT,
                manufacturer TEXT,
                \(nutrients)
            )
            """,
            """
            CREATE TABLE food_portions (
                ndb_no TEXT NOT NULL REFERENCES foods (ndb_no) ON DELETE CASCADE,
                seq \(t.integer) NOT NULL,
                amount \(t.double) NOT NULL,
                measure TEXT NOT NULL,
                grams \(t.double) NOT NULL,
                PRIMARY KEY (ndb_no, seq)
            )
            """,
        ]
        switch t.kind {
        case .sqlite:
            // External-content FTS5 over the foods table; prefixes of 2 and 3 letters are indexed so
            // that search-as-you-type ("chic") is as quick as a whole word.
            statements.append(
                """
                CREATE VIRTUAL TABLE foods_search USING fts5(
                    description, common_names, food_group, content='foods', tokenize='unicode61 remove_diacritics 2',
                    prefix='2 3'
                )
                """)
        case .postgres:
            statements += [
                """
                ALTER TABLE foods ADD COLUMN search tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', description), 'A')
                    || setweight(to_tsvector('english', coalesce(common_names, '')), 'B')
                    || setweight(to_tsvector('english', food_group), 'C')
                ) STORED
                """,
                "CREATE INDEX foods_search ON foods USING GIN (search)",
            ]
        }
        return statements
    }

    static let journal = Migration(version: 4, name: "journal entries") { t in
        [
            """
            CREATE TABLE journal_entries (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                written_at \(t.timestamp) NOT NULL,
                text TEXT NOT NULL,
                source_name TEXT NOT NULL,
                source_kind TEXT NOT NULL,
                sync_identifier TEXT,
                sync_version \(t.integer) NOT NULL DEFAULT 1,
                UNIQUE (owner_id, sync_identifier)
            )
            """,
            "CREATE INDEX journal_entries_owner_written ON journal_entries (owner_id, written_at)",
        ]
    }

    /// Sleep logged by hand carries the person's own rating of it.
    static let sleepQuality = Migration(version: 5, name: "sleep quality") { t in
        ["ALTER TABLE category_samples ADD COLUMN quality \(t.integer)"]
    }
}

import ThriveCore

/// A table of a person's own data as an export writes it: the rows that name them in
/// `ownerColumn`, the columns worth taking out (never a password hash, a token or a key), in a
/// stable order so that two exports of the same data are the same files.
public struct PersonalTable: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        public typealias Kind = ExportCell.Kind

        public let name: String
        public let kind: Kind
    }

    /// Rows of an exported table that stay behind: a condition on the table's own columns that the
    /// rows taken out meet (written here, never from input), and why the others stay.
    public struct RowsLeftOut: Sendable, Equatable {
        public let kept: String
        public let why: String
    }

    public let name: String
    public let ownerColumn: String
    public let columns: [Column]
    public let rowsLeftOut: RowsLeftOut?
    /// The order rows are written in: for samples, their index's (type, then time), since sorting
    /// millions of readings by time alone would hold them all in memory.
    public let orderBy: [String]

    init(
        _ name: String, owner: String = "owner_id", _ columns: [(String, Column.Kind)], orderBy: [String],
        leaving rowsLeftOut: RowsLeftOut? = nil
    ) {
        self.name = name
        self.rowsLeftOut = rowsLeftOut
        self.ownerColumn = owner
        self.columns = columns.map { Column(name: $0.0, kind: $0.1) }
        self.orderBy = orderBy
    }

    public func index(of column: String) -> Int? { columns.firstIndex { $0.name == column } }
}

/// Which tables an export takes, and why each other table that names a person does not: a store
/// test reads the schema and holds every such table to one list or the other, so a new table is
/// never left out of a person's copy by forgetting.
public enum PersonalTables {
    private static let provenance: [(String, PersonalTable.Column.Kind)] = [
        ("source_name", .text), ("source_kind", .text), ("sync_identifier", .text), ("sync_version", .integer),
    ]

    /// In the order an import writes them back: a row's parent before it.
    public static let exported: [PersonalTable] = [
        PersonalTable("users", owner: "id", [("email", .text), ("created_at", .timestamp)], orderBy: ["id"]),
        PersonalTable(
            "profiles", owner: "user_id",
            [
                ("display_name", .text), ("date_of_birth", .text), ("sex", .text), ("height_m", .real), ("weight_kg", .real),
                ("unit_system", .text), ("time_zone", .text), ("updated_at", .timestamp),
            ], orderBy: ["user_id"]),
        PersonalTable(
            "person_documents", [("kind", .text), ("body", .json), ("updated_at", .timestamp)], orderBy: ["kind"],
            leaving: .init(
                kept: "kind <> 'report-schedule'",
                why:
                    "the row of kind `report-schedule` (the monthly report's schedule): its password is sealed with this server's key and opens nowhere else"
            )),
        PersonalTable(
            "quantity_samples",
            [("id", .uuid), ("type", .text), ("value", .real), ("start_at", .timestamp), ("end_at", .timestamp)]
                + provenance, orderBy: ["type", "start_at", "id"]),
        PersonalTable(
            "category_samples",
            [("id", .uuid), ("type", .text), ("value", .integer), ("start_at", .timestamp), ("end_at", .timestamp)]
                + provenance + [("quality", .integer)], orderBy: ["type", "start_at", "id"]),
        PersonalTable(
            "workouts",
            [
                ("id", .uuid), ("activity_type", .text), ("start_at", .timestamp), ("end_at", .timestamp),
                ("active_energy_kcal", .real), ("distance_m", .real),
            ] + provenance, orderBy: ["start_at", "id"]),
        PersonalTable(
            "workout_sets",
            [
                ("workout_id", .uuid), ("position", .integer), ("exercise", .text), ("reps", .integer), ("load_kg", .real),
                ("duration_s", .real), ("rpe", .real),
            ], orderBy: ["workout_id", "position"]),
        PersonalTable(
            "food_log_entries",
            [
                ("id", .uuid), ("consumed_at", .timestamp), ("meal_slot", .text), ("name", .text), ("grams", .real),
                ("energy_kcal", .real), ("protein_g", .real), ("carbohydrate_g", .real), ("fat_g", .real),
            ] + provenance, orderBy: ["consumed_at", "id"]),
        PersonalTable(
            "mood_check_ins",
            [
                ("id", .uuid), ("recorded_at", .timestamp), ("mood", .integer), ("energy", .integer), ("stress", .integer),
                ("note", .text),
            ] + provenance, orderBy: ["recorded_at", "id"]),
        PersonalTable(
            "journal_entries", [("id", .uuid), ("written_at", .timestamp), ("text", .text)] + provenance,
            orderBy: ["written_at", "id"]),
        PersonalTable(
            "habits",
            [
                ("id", .uuid), ("name", .text), ("icon", .text), ("measure", .text), ("target", .integer), ("unit", .text),
                ("weekdays", .text), ("times_per_week", .integer), ("reminder_minutes", .integer), ("status", .text),
                ("started_on", .text), ("pauses", .json), ("streak", .json), ("created_at", .timestamp),
            ], orderBy: ["created_at", "id"]),
        PersonalTable(
            "habit_check_ins",
            [("habit_id", .uuid), ("day", .text), ("state", .text), ("amount", .integer), ("recorded_at", .timestamp)],
            orderBy: ["habit_id", "day"]),
        PersonalTable(
            "coach_attachments", [("id", .uuid), ("media_type", .text), ("bytes", .bytes), ("created_at", .timestamp)],
            orderBy: ["created_at", "id"]),
        PersonalTable(
            "coach_messages",
            [
                ("seq", .integer), ("id", .uuid), ("author", .text), ("body", .text), ("quick_replies", .json),
                ("habit_check", .json), ("payload", .json), ("attachment_id", .uuid), ("opening_day", .text),
                ("created_at", .timestamp), ("delivered_at", .timestamp), ("read_at", .timestamp),
            ], orderBy: ["seq"]),
        PersonalTable(
            "achievement_awards", [("achievement", .text), ("tier", .integer), ("earned_on", .text)],
            orderBy: ["achievement", "tier"]),
        PersonalTable(
            "creator_badge_awards",
            [("creator_id", .uuid), ("badge_id", .text), ("name", .text), ("icon", .text), ("earned_on", .text)],
            orderBy: ["creator_id", "badge_id"]),
        PersonalTable(
            "creator_members", owner: "member_id",
            [("creator_id", .uuid), ("shares_entries", .integer), ("joined_at", .timestamp)], orderBy: ["member_id"]),
        PersonalTable(
            "notifications",
            [
                ("id", .uuid), ("kind", .text), ("notification_key", .text), ("title", .json), ("body", .json),
                ("link", .text), ("created_at", .timestamp), ("read_at", .timestamp),
            ], orderBy: ["created_at", "id"]),
        PersonalTable(
            "safety_alerts",
            [
                ("id", .uuid), ("condition", .text), ("message", .text), ("evidence", .text), ("observed_on", .text),
                ("opened_at", .timestamp), ("last_seen_at", .timestamp), ("acknowledged_at", .timestamp),
                ("resolved_at", .timestamp),
            ], orderBy: ["opened_at", "id"]),
        PersonalTable(
            "data_imports",
            [
                ("id", .uuid), ("source", .text), ("file_name", .text), ("file_bytes", .integer), ("state", .text),
                ("bytes_read", .integer), ("bytes_total", .integer), ("records_stored", .integer), ("added", .integer),
                ("summary", .json), ("failure", .text), ("failure_line", .integer), ("notes", .json),
                ("created_at", .timestamp), ("started_at", .timestamp), ("finished_at", .timestamp),
            ], orderBy: ["created_at", "id"]),
        PersonalTable(
            "test_kits",
            [
                ("number", .text), ("registered_at", .timestamp), ("status", .text), ("status_at", .timestamp),
                ("media_type", .text), ("photo", .bytes),
            ], orderBy: ["registered_at", "number"]),
        PersonalTable(
            "lab_results",
            [
                ("id", .uuid), ("kit_number", .text), ("test_date", .text), ("aat_mg_dl", .real), ("genotype", .text),
                ("lab_note", .text), ("reported_at", .timestamp), ("report_pdf", .bytes),
            ], orderBy: ["test_date", "id"]),
        PersonalTable(
            "breathing_logs",
            [
                ("id", .uuid), ("day", .text), ("recorded_at", .timestamp), ("cough", .integer), ("breathlessness", .integer),
                ("wheeze", .integer), ("exercise_tolerance", .integer), ("note", .text),
            ], orderBy: ["day", "recorded_at", "id"]),
        PersonalTable(
            "counselor_messages",
            [
                ("id", .uuid), ("author", .text), ("counselor_name", .text), ("text", .text), ("created_at", .timestamp),
                ("read_at", .timestamp),
            ], orderBy: ["created_at", "id"]),
        PersonalTable(
            "device_connections",
            [
                ("id", .uuid), ("provider", .text), ("scopes", .text), ("state", .text), ("connected_at", .timestamp),
                ("last_sync_at", .timestamp), ("problem", .text), ("failures", .integer), ("records_stored", .integer),
            ], orderBy: ["connected_at", "id"]),
    ]

    /// What an export's README lists as left out: whole tables and the rows some tables keep back.
    public static var leftOut: [String: String] {
        var all = notExported
        for table in exported { if let rows = table.rowsLeftOut { all[table.name] = rows.why } }
        return all
    }

    /// Tables that name a person and are left out of an export, with the reason.
    public static let notExported: [String: String] = [
        "account_deletions": "a deletion waiting: the account's state on this server",
        "inactivity_warnings": "warnings that an unused account will be deleted: the account's state on this server",
        "account_links": "single-use sign-in and e-mail links",
        "account_roles": "the operator's grant (creator), not the person's data",
        "app_locks": "the app lock's PIN hash",
        "auth_tokens": "sign-in tokens",
        "known_devices": "remembered-device tokens",
        "passkeys": "passkey public keys, bound to this server's address",
        "account_identities": "Google and Apple sign-in links, made for this server's app registration",
        "lab_shares": "links to lab results given to providers, which open only on this server",
        "lab_share_views": "when those links were opened",
        "family_shares": "family members invited to see lab results: other accounts on this server",
        "partner_members": "whether a partner's program counted the person in a period (only totals are ever shown)",
        "recovery_codes": "two-step recovery code hashes",
        "second_factors": "the sealed two-step secret",
        "web_sessions": "sign-in sessions",
        "push_devices": "push addresses that work only with this server's keys",
        "change_log": "sync bookkeeping, rebuilt by an import",
        "change_counters": "sync bookkeeping",
        "sync_receipts": "sync bookkeeping",
        "sync_history": "earlier versions kept after sync conflicts, this server's bookkeeping",
        "quantity_days": "daily totals worked out from the samples",
        "quantity_hours": "hourly totals worked out from the samples",
        "quantity_day_shifts": "how this server groups days, worked out again",
        "jobs": "this server's background work",
        "data_exports": "the exports themselves",
    ]
}

extension Schema {
    /// PostgreSQL's removal triggers again, now keeping an hour's or a day's extremes when one
    /// statement deletes all its samples (disconnecting a device and deleting its data): before,
    /// the first row's trigger found no sample left and wrote NULL into a NOT NULL column.
    /// SQLite runs each row's trigger at once and needs nothing.
    static let bulkDeletes = Migration(version: 22, name: "rollups survive deleting whole hours at once") { t in
        t.kind == .postgres ? postgresRollupFunctions(day: floorDay) : []
    }
}

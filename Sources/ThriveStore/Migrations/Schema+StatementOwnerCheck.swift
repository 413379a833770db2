extension Schema {
    /// PostgreSQL checks a sample's owner once per statement instead of once per row: the foreign
    /// key's row trigger cost an import a quarter of its time (34 ms of each 10,000 rows). The
    /// statement's inserted owners are locked as the key would (FOR KEY SHARE, so an account cannot
    /// be deleted under an insert) and an owner that does not exist fails the statement with the
    /// key's error; deleting an account deletes its samples, as the key's cascade did. SQLite keeps
    /// its foreign key (checked while the row is written, at no measurable cost).
    static let statementOwnerCheck = Migration(version: 23, name: "sample owners checked a statement at a time") { t in
        guard t.kind == .postgres else { return [] }
        let hour = postgresHour("i.start_at")
        let day = floorDay("\(hour) - s.shift")
        return [
            "ALTER TABLE quantity_samples DROP CONSTRAINT quantity_samples_owner_id_fkey",
            """
            CREATE OR REPLACE FUNCTION quantity_rollups_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE owners integer; found integer;
            BEGIN
            SELECT COUNT(DISTINCT owner_id) INTO owners FROM inserted;
            PERFORM u.id FROM users u WHERE u.id IN (SELECT owner_id FROM inserted) FOR KEY SHARE;
            GET DIAGNOSTICS found = ROW_COUNT;
            IF found < owners THEN
            RAISE EXCEPTION 'insert on quantity_samples: an owner_id is not in users' USING ERRCODE = 'foreign_key_violation';
            END IF;
            \(insertedRollups(hour: hour, day: day))
            RETURN NULL;
            END $$
            """,
            """
            CREATE FUNCTION users_delete_quantity_samples() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN DELETE FROM quantity_samples WHERE owner_id = OLD.id; RETURN OLD; END $$
            """,
            """
            CREATE TRIGGER users_delete_quantity_samples BEFORE DELETE ON users
            FOR EACH ROW EXECUTE FUNCTION users_delete_quantity_samples()
            """,
        ]
    }
}

extension Schema {
    /// Everyday names for the foods people log most (`Resources/foods/names.csv`), kept in step
    /// with the file at every start (see `FoodCatalogLoader`).
    static let foodNames = Migration(version: 14, name: "everyday names of foods") { _ in
        [
            """
            CREATE TABLE food_names (
                name TEXT NOT NULL,
                ndb_no TEXT NOT NULL,
                PRIMARY KEY (name, ndb_no)
            )
            """
        ]
    }
}

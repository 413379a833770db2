/// An everyday name a person types for a food whose USDA description says it otherwise ("oatmeal",
/// "porridge" for "Cereals, oats, regular and quick, …, cooked with water"). Search puts the foods
/// so named first: the plain food before the breads and cookies that contain it.
public struct FoodName: Hashable, Sendable {
    public let name: String
    public let ndbNumber: String

    public init(name: String, ndbNumber: String) {
        self.name = name
        self.ndbNumber = ndbNumber
    }
}

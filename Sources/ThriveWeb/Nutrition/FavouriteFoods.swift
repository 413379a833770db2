import ThriveStore

/// The catalog foods a person starred, newest first, to log them without searching.
struct FavouriteFoods: PersonDocument {
    static let documentKind = "favourite-foods"
    static let limit = 50

    var ndbNumbers: [String] = []

    init() {}

    mutating func toggle(_ number: String) {
        if let index = ndbNumbers.firstIndex(of: number) {
            ndbNumbers.remove(at: index)
        } else {
            ndbNumbers = Array(([number] + ndbNumbers).prefix(Self.limit))
        }
    }
}

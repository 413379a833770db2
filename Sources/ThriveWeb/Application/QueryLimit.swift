/// The `limit` query parameter of a listing: `fallback` when absent, otherwise a whole number from 1
/// to `maximum`, or a 400 that says so.
enum QueryLimit {
    static func parse(_ text: String?, fallback: Int, maximum: Int) throws -> Int {
        guard let text else { return fallback }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw AppError.badRequest("“limit” must be a whole number from 1 to \(maximum).", field: "limit")
        }
        return limit
    }
}

import Foundation
import Hummingbird
import ThriveCore

extension Request {
    /// The `date` query parameter (a day's entries, KPI cards, scores): nil when absent, for today.
    func askedDate() throws -> LocalDate? {
        guard let text = uri.queryParameters.get("date") else { return nil }
        guard let date = LocalDate(iso8601: text) else {
            throw AppError.badRequest("“date” must be a calendar date like 2026-11-22.", field: "date")
        }
        return date
    }
}

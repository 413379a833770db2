import Foundation
import Hummingbird
import ThriveCore

extension Request {
    /// The `date` query parameter (a day's entries, KPI cards, scores): nil when absent, for today.
    func askedDate() throws -> LocalDate? {
        try uri.queryParameters.get("date").map(LocalDate.asked)
    }
}

extension LocalDate {
    /// A date a request names, in a query or a path; a 400 that shows the form when it is not one.
    static func asked(_ text: String?) throws -> LocalDate {
        guard let text, let date = LocalDate(iso8601: text) else {
            throw AppError.badRequest(t("api.badDate"), field: "date")
        }
        return date
    }
}

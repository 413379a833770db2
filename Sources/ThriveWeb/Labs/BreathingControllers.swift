import Foundation
import Hummingbird
import ThriveCore

/// Logging breathing symptoms: the quick form at `/results/symptoms` and the API at
/// `/api/v1/breathing-symptoms`; the logs appear on the results' timeline.
struct BreathingPagesController {
    let services: AppServices
    static let path = "/results/symptoms"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("results/symptoms") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
            return render(BreathingFormPage(today: LocalDate(services.now(), in: zone)), context)
        }
        router.post("results/symptoms") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
            let today = LocalDate(services.now(), in: zone)
            do {
                var severities: [BreathingSymptom: SymptomSeverity] = [:]
                for symptom in BreathingSymptom.allCases {
                    severities[symptom] = form.text(symptom.rawValue).flatMap(SymptomSeverity.init(name:)) ?? SymptomSeverity.none
                }
                let day = try form.text("day").map { text -> LocalDate in
                    guard let day = LocalDate(iso8601: text) else {
                        throw ValidationError(field: "day", message: t(BreathingLog.Problem.day.phrase))
                    }
                    return day
                }
                let log = try await services.breathing.log(owner, day: day, severities: severities, note: form.text("note"))
                return .redirect(
                    to: "\(LabPagesController.path)?logged=\(log.id.rawValue.uuidString.lowercased())#timeline", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return render(BreathingFormPage(today: today, form: form, errors: errors), context, status: .unprocessableContent)
            }
        }
        router.post("results/symptoms/:id/delete") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            guard let id = context.parameters.get("id").flatMap(BreathingLogID.init) else {
                throw AppError.notFound(t("breathing.none"))
            }
            try await services.breathing.delete(owner, id)
            return .redirect(to: "\(LabPagesController.path)?unlogged=1#timeline", type: .normal)
        }
    }

    private func render(_ page: BreathingFormPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "breathing-log", chrome: Chrome(title: t("breathing.title"), context: context, tab: .dashboard), content: page,
            status: status)
    }
}

struct BreathingAPIController {
    let services: AppServices

    func addRoutes(to api: FeatureAPI) {
        let group = api.healthData("breathing-symptoms")
        group.post { request, context -> Response in
            let owner = try context.requireUser()
            let asked = try await StrictJSON.decode(BreathingLogRequest.self, from: request, context: context, limit: 4 * 1024)
            var severities: [BreathingSymptom: SymptomSeverity] = [:]
            for (symptom, text) in asked.ratings {
                guard let text else { continue }
                guard let severity = SymptomSeverity(name: text) else {
                    throw ValidationError(field: symptom.rawValue, message: t("breathing.problem.severity"))
                }
                severities[symptom] = severity
            }
            let day = try asked.day.map { text -> LocalDate in
                guard let day = LocalDate(iso8601: text) else {
                    throw ValidationError(field: "day", message: t(BreathingLog.Problem.day.phrase))
                }
                return day
            }
            let log = try await services.breathing.log(owner, day: day, severities: severities, note: asked.note)
            return try jsonResponse(BreathingLogBody(log), status: .created)
        }
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(
                BreathingLogsResponse(logs: try await services.breathing.latest(owner, limit: 100).map(BreathingLogBody.init)))
        }
        group.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(BreathingLogID.init) else {
                throw AppError.notFound(t("breathing.none"))
            }
            try await services.breathing.delete(owner, id)
            return Response(status: .noContent)
        }
    }
}

/// A log as the API takes it: each symptom "none", "mild", "moderate" or "severe" (absent: none).
struct BreathingLogRequest: Codable, Sendable {
    let day: String?
    let cough: String?
    let breathlessness: String?
    let wheeze: String?
    let exerciseTolerance: String?
    let note: String?

    var ratings: [(BreathingSymptom, String?)] {
        [(.cough, cough), (.breathlessness, breathlessness), (.wheeze, wheeze), (.exerciseTolerance, exerciseTolerance)]
    }
}

struct BreathingLogBody: Codable, Sendable {
    let id: String
    let day: String
    let recordedAt: Date
    let cough: String
    let breathlessness: String
    let wheeze: String
    let exerciseTolerance: String
    let note: String?
    let summary: String

    init(_ log: BreathingLog) {
        id = log.id.rawValue.uuidString.lowercased()
        day = log.day.iso8601
        recordedAt = log.recordedAt
        cough = log.severity(.cough).name
        breathlessness = log.severity(.breathlessness).name
        wheeze = log.severity(.wheeze).name
        exerciseTolerance = log.severity(.exerciseTolerance).name
        note = log.note
        summary = BreathingService.summary(log)
    }
}

struct BreathingLogsResponse: Codable, Sendable {
    let logs: [BreathingLogBody]
}

/// The quick form: four symptoms, each none to severe, the day and a note.
struct BreathingFormPage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let checked: Bool
        let id: String
    }

    struct Symptom: Sendable {
        let name: String
        let title: String
        let options: [Option]
    }

    let symptoms: [Symptom]
    let day: InputField
    let note: InputField
    let errors: FormErrors

    init(today: LocalDate, form: FormFields? = nil, errors: FormErrors = FormErrors()) {
        symptoms = BreathingSymptom.allCases.map { symptom in
            let chosen = form?.text(symptom.rawValue) ?? SymptomSeverity.none.name
            return Symptom(
                name: symptom.rawValue, title: t(symptom.title),
                options: SymptomSeverity.allCases.map {
                    Option(
                        value: $0.name, label: t($0.title), checked: $0.name == chosen, id: "\(symptom.rawValue)-\($0.name)")
                })
        }
        day = InputField(
            "day", t("breathing.day"), value: form?.text("day") ?? today.iso8601, errors: errors, type: "date", decimal: false)
        note = InputField(
            "note", t("breathing.note"), value: form?.text("note") ?? "", errors: errors, hint: t("breathing.noteHint"),
            decimal: false, maxLength: BreathingLog.maximumNote)
        self.errors = errors
    }
}

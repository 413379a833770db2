import Foundation

/// The smallest change a load can really make: plates, dumbbells and weight stacks come in steps.
/// A plan that says "+2.5 %" on a 10 kg dumbbell means nothing: the next dumbbell is 11 or 12 kg.
/// Defaults are the common gym steps: a barbell goes up by a pair of the smallest plates (2.5 kg, or
/// 5 lb), dumbbells by 1 kg (2.5 lb), kettlebells by 2 kg (5 lb), machines by one plate of the stack
/// (2.5 kg, or 5 lb).
public struct LoadSteps: Hashable, Sendable, Codable {
    public var barbell: Mass
    public var dumbbell: Mass
    public var kettlebell: Mass
    public var machine: Mass

    public init(barbell: Mass, dumbbell: Mass, kettlebell: Mass, machine: Mass) {
        self.barbell = barbell
        self.dumbbell = dumbbell
        self.kettlebell = kettlebell
        self.machine = machine
    }

    private enum CodingKeys: String, CodingKey {
        case barbell = "barbellKilograms"
        case dumbbell = "dumbbellKilograms"
        case kettlebell = "kettlebellKilograms"
        case machine = "machineKilograms"
    }

    // Plain kilograms in documents and the API, as every other load there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        barbell = Mass(kilograms: try container.decode(Double.self, forKey: .barbell))
        dumbbell = Mass(kilograms: try container.decode(Double.self, forKey: .dumbbell))
        kettlebell = Mass(kilograms: try container.decode(Double.self, forKey: .kettlebell))
        machine = Mass(kilograms: try container.decode(Double.self, forKey: .machine))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(barbell.kilograms, forKey: .barbell)
        try container.encode(dumbbell.kilograms, forKey: .dumbbell)
        try container.encode(kettlebell.kilograms, forKey: .kettlebell)
        try container.encode(machine.kilograms, forKey: .machine)
    }

    public static func defaults(for units: UnitSystem) -> LoadSteps {
        units == .metric
            ? LoadSteps(
                barbell: Mass(kilograms: 2.5), dumbbell: Mass(kilograms: 1), kettlebell: Mass(kilograms: 2),
                machine: Mass(kilograms: 2.5))
            : LoadSteps(
                barbell: Mass(pounds: 5), dumbbell: Mass(pounds: 2.5), kettlebell: Mass(pounds: 5), machine: Mass(pounds: 5))
    }

    /// The step of the equipment that carries the load: a barbell before a machine before kettlebells
    /// before dumbbells; a body-weight exercise with an added load moves like dumbbells.
    public func step(for exercise: Exercise) -> Mass {
        if exercise.equipment.contains(.barbell) { return barbell }
        if exercise.equipment.contains(.machines) { return machine }
        if exercise.equipment.contains(.kettlebells) { return kettlebell }
        return dumbbell
    }

    /// `load` on the equipment's steps: the nearest multiple of `step`.
    public static func rounded(_ load: Mass, to step: Mass) -> Mass {
        guard step.kilograms > 0 else { return load }
        return Mass(kilograms: (load.kilograms / step.kilograms).rounded() * step.kilograms)
    }

    /// The steps a person can set: from 0.2 kg (fractional plates, 0.5 lb) to 10 kg.
    public static let range = 0.2...10.0

    /// Each step outside `range`, named by its equipment ("loadSteps.dumbbell").
    public func problems() -> [ValidationError] {
        [("barbell", barbell), ("dumbbell", dumbbell), ("kettlebell", kettlebell), ("machine", machine)].compactMap {
            name, step in
            // Compared in hundredths of a kilogram, as entered: 0.5 lb is 0.227 kg, 22 lb is 9.98 kg.
            let hundredths = (step.kilograms * 100).rounded()
            guard !step.kilograms.isFinite || !(20...1_000).contains(hundredths) else { return nil }
            return ValidationError.because("loadSteps.\(name)", "loadStep")
        }
    }
}

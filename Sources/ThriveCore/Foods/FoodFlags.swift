import Foundation

/// What a food may conflict with: one of the person's allergies or their diet (spec 004, §7.6: "meal
/// suggestions must be flagged for dietary preferences and allergies"). The USDA table has no
/// allergen field, so the flags are read from its food group and the words of its name, the way a
/// person reads a label: "Cheese, cheddar" is milk, "Peanut butter" is peanuts (not milk),
/// "Crustaceans, shrimp" is shellfish. They warn; they never promise a food is safe, and the page says so.
public enum FoodFlags {
    public enum Conflict: Hashable, Sendable {
        case allergy(Allergy)
        case diet(Diet)
    }

    /// The person's allergies and diets this food conflicts with, allergies first.
    public static func conflicts(_ food: Food, allergies: Set<Allergy>, diets: Set<Diet>) -> [Conflict] {
        let contained = allergens(in: food)
        var found = Allergy.allCases.filter { allergies.contains($0) && contained.contains($0) }.map(Conflict.allergy)
        found += Diet.allCases.filter { diets.contains($0) && breaks($0, food: food, allergens: contained) }.map(Conflict.diet)
        return found
    }

    /// The nine common allergens (the US "big nine") the food's group and name show.
    public static func allergens(in food: Food) -> Set<Allergy> {
        let text = words(food)
        var found = Set<Allergy>()
        let group = food.foodGroup
        let shellfish = has(text, shellfishWords)
        if shellfish { found.insert(.shellfish) }
        if group == "Finfish and Shellfish Products" ? !shellfish || has(text, fishWords) : has(text, fishWords) {
            found.insert(.fish)
        }
        if has(text, ["peanut", "peanuts"]) { found.insert(.peanuts) }
        if has(text, treeNutWords) { found.insert(.treeNuts) }
        if has(text, soyWords) { found.insert(.soy) }
        if has(text, ["sesame", "tahini", "halvah", "halva"]) { found.insert(.sesame) }
        // "Tofu yogurt", "Mayonnaise, made with tofu", "imitation cheese": made to stand in for them.
        let standIn = has(text, ["tofu", "soymilk", "imitation", "nondairy", "non-dairy", "vegan"])
        let eggs = has(text, eggWords) && !has(text, ["eggplant", "eggplants", "egg-free"]) && !standIn
        if eggs { found.insert(.eggs) }
        let plantMilk = has(text, ["soymilk", "coconut", "almond", "rice", "oat"]) && has(text, ["milk", "beverage", "drink"])
        // Peanut, nut, seed, cocoa and fruit "butters" are not dairy.
        let plantButter =
            has(text, ["butter"]) && !has(text, dairyWords)
            && (["Nut and Seed Products", "Legumes and Legume Products"].contains(group)
                || has(text, ["peanut", "cocoa", "apple", "shea"]))
        if (group == "Dairy and Egg Products" && !(eggs && !has(text, dairyWords + ["butter"])))
            || (has(text, dairyWords + ["butter", "cream"]) && !plantMilk && !plantButter && !standIn)
        {
            found.insert(.milk)
        }
        if has(text, wheatWords) && !has(text, ["rice", "corn", "buckwheat"])
            || group == "Baked Products" && !has(text, ["gluten-free", "rice", "corn"])
        {
            found.insert(.wheat)
        }
        return found
    }

    /// Whether a food breaks a diet, as far as its group and name tell.
    static func breaks(_ diet: Diet, food: Food, allergens: Set<Allergy>) -> Bool {
        let text = words(food)
        let meat = meatGroups.contains(food.foodGroup) || has(text, meatWords)
        let seafood = allergens.contains(.fish) || allergens.contains(.shellfish)
        switch diet {
        case .vegan:
            return meat || seafood || allergens.contains(.milk) || allergens.contains(.eggs)
                || has(text, ["honey", "gelatin", "lard"])
        case .vegetarian: return meat || seafood || has(text, ["gelatin", "lard"])
        case .pescatarian: return meat || has(text, ["gelatin", "lard"])
        case .dairyFree: return allergens.contains(.milk)
        case .glutenFree: return allergens.contains(.wheat) || has(text, ["barley", "rye", "malt", "seitan"])
        case .halal: return food.foodGroup == "Pork Products" || has(text, porkWords + ["wine", "beer", "liqueur", "alcoholic"])
        case .kosher: return food.foodGroup == "Pork Products" || has(text, porkWords) || allergens.contains(.shellfish)
        }
    }

    /// The food's name and common names as lowercase words.
    static func words(_ food: Food) -> Set<String> {
        let text = "\(food.description) \(food.commonNames ?? "")".lowercased()
        return Set(text.split { !($0.isLetter || $0 == "-") }.map(String.init))
    }

    static func has(_ words: Set<String>, _ any: [String]) -> Bool { any.contains { words.contains($0) } }

    static let shellfishWords = [
        "crustaceans", "mollusks", "shrimp", "crab", "lobster", "crayfish", "prawn", "prawns", "clam", "clams", "mussel",
        "mussels", "oyster", "oysters", "scallop", "scallops", "squid", "octopus", "abalone", "whelk", "conch",
    ]
    static let fishWords = [
        "fish", "salmon", "tuna", "cod", "anchovy", "anchovies", "sardine", "sardines", "trout", "haddock", "halibut",
        "mackerel", "herring", "tilapia", "pollock", "catfish", "bass", "snapper", "swordfish", "flounder", "sole",
        "carp", "perch", "pike", "roe", "caviar",
    ]
    static let treeNutWords = [
        "almond", "almonds", "cashew", "cashews", "walnut", "walnuts", "pecan", "pecans", "pistachio", "pistachios",
        "hazelnut", "hazelnuts", "filberts", "macadamia", "brazilnuts", "pine", "pinyon", "chestnut", "chestnuts",
        "beechnuts", "butternuts", "hickorynuts",
    ]
    static let soyWords = [
        "soy", "soya", "soybean", "soybeans", "soymilk", "tofu", "tempeh", "edamame", "miso", "natto", "okara",
    ]
    static let eggWords = ["egg", "eggs", "eggnog", "mayonnaise", "meringue", "omelet"]
    static let dairyWords = [
        "milk", "cheese", "yogurt", "whey", "casein", "buttermilk", "ghee", "kefir", "ricotta", "mozzarella", "cheddar",
        "parmesan", "custard", "pudding",
    ]
    static let wheatWords = [
        "wheat", "bread", "flour", "pasta", "spaghetti", "macaroni", "noodles", "couscous", "bulgur", "semolina", "durum",
        "farina", "crackers", "biscuits", "pretzels", "pizza", "bagels", "croissants", "breadcrumbs", "seitan", "spelt",
    ]
    static let meatGroups: Set<String> = [
        "Beef Products", "Pork Products", "Poultry Products", "Lamb, Veal, and Game Products", "Sausages and Luncheon Meats",
    ]
    static let meatWords = [
        "beef", "pork", "chicken", "turkey", "lamb", "veal", "ham", "bacon", "sausage", "meatballs", "duck",
        "goose", "venison", "bison", "salami", "pepperoni", "frankfurter", "bologna",
    ]
    static let porkWords = ["pork", "ham", "bacon", "lard", "pepperoni", "salami", "prosciutto"]
}

import Foundation

/// Case and diacritic folding, the same in the database's `jetway_fold` and in Swift.
enum TextFolding {
    static let caseInsensitive = 1
    static let diacriticInsensitive = 2

    /// PostgreSQL's `jetway_fold`: accents taken off the Latin letters that have them (the
    /// letters Unicode decomposes into a base letter and marks), then `lower()` for case.
    static let postgresFunction = """
        CREATE OR REPLACE FUNCTION jetway_fold(value text, flags integer) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fold$
        SELECT CASE WHEN flags & 1 <> 0 THEN lower(folded) ELSE folded END
        FROM (SELECT CASE WHEN flags & 2 <> 0 THEN translate(value, '\(accented)', '\(plain)') ELSE value END AS folded) AS step
        $fold$
        """
    static let accented =
        "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ"
    static let plain =
        "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy"

    static func fold(_ text: String, flags: Int) -> String {
        var options: String.CompareOptions = []
        if flags & caseInsensitive != 0 { options.insert(.caseInsensitive) }
        if flags & diacriticInsensitive != 0 { options.insert(.diacriticInsensitive) }
        return options.isEmpty ? text : text.folding(options: options, locale: nil)
    }
}

extension TextFolding {
    /// The fold the database's `jetway_fold` makes: Foundation's on SQLite (where the function
    /// is Swift's), and on PostgreSQL its `translate` of accented letters, then a lower-casing.
    static func fold(_ text: String, flags: Int, dialect: SQLDialect) -> String {
        guard dialect == .postgresql else { return fold(text, flags: flags) }
        var result = text
        if flags & diacriticInsensitive != 0 {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { scalars.append(plainScalars[scalar] ?? scalar) }
            result = String(scalars)
        }
        if flags & caseInsensitive != 0 { result = result.lowercased() }
        return result
    }

    private static let plainScalars: [Unicode.Scalar: Unicode.Scalar] = {
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in zip(accented.unicodeScalars, plain.unicodeScalars) { map[from] = to }
        return map
    }()
}

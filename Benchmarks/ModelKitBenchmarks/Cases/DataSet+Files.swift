import Foundation

// The five files of the benchmark folder. The expected fields were read from the files with a script; the
// dates are seconds since 1970 of the texts in the files.

extension DataSet where Model == GitHubUser, Twin == PlainCodable.GitHubUser {
    static var user: Self {
        DataSet(
            name: "user",
            expected: ["facebook", "69631", "Organization", "false", "nil", "147", "12"],
            fingerprint: { user in
                [
                    user.login, "\(user.userID)", user.type, "\(user.siteAdmin)", user.company ?? "nil",
                    "\(user.publicRepos)", "\(user.publicGists)",
                ]
            },
            twinFingerprint: { user in
                [
                    user.login, "\(user.userID)", user.type, "\(user.siteAdmin)", user.company ?? "nil",
                    "\(user.publicRepos)", "\(user.publicGists)",
                ]
            },
            size: { $0.publicRepos },
            twinSize: { $0.publicRepos })
    }
}

extension DataSet where Model == WeiboStatus, Twin == PlainCodable.WeiboStatus {
    /// The picture whose `large` size Weibo writes as text (`"640"`), which both sides must convert.
    static var textSizedPictureID: String { "eb8fce65jw1ew466y3zltj20hs0gstar" }

    static var weibo: Self {
        DataSet(
            name: "weibo",
            expected: ["3887674148022737", "范冰冰", "9", "9", "640", "1442377209", "1387945339", "2"],
            fingerprint: { status in
                [
                    "\(status.statusID)", status.user.screenName, "\(status.picIDs.count)",
                    "\(status.picInfos.count)", "\(status.picInfos[textSizedPictureID]?.large.width ?? -1)",
                    "\(Int(status.createdAt.timeIntervalSince1970))",
                    "\(Int(status.user.createdAt.timeIntervalSince1970))", "\(status.annotations.count)",
                ]
            },
            twinFingerprint: { status in
                [
                    "\(status.statusID)", status.user.screenName, "\(status.picIDs.count)",
                    "\(status.picInfos.count)", "\(status.picInfos[textSizedPictureID]?.large.width ?? -1)",
                    "\(Int(status.createdAt.date.timeIntervalSince1970))",
                    "\(Int(status.user.createdAt.date.timeIntervalSince1970))", "\(status.annotations.count)",
                ]
            },
            size: { $0.picInfos.count },
            twinSize: { $0.picInfos.count })
    }
}

extension DataSet where Model == TwitterSearch, Twin == PlainCodable.TwitterSearch {
    static var twitter: Self {
        DataSet(
            name: "twitter",
            expected: ["100", "505874924095815681", "ayuu0123", "1409444955", "73", "100", "6"],
            fingerprint: { search in
                [
                    "\(search.statuses.count)", search.statuses[0].idStr, search.statuses[0].user.screenName,
                    "\(Int(search.statuses[0].createdAt.timeIntervalSince1970))",
                    "\(search.statuses.filter { $0.retweetedStatus != nil }.count)",
                    "\(search.searchMetadata.count)",
                    "\(search.statuses.filter { $0.entities.media != nil }.count)",
                ]
            },
            twinFingerprint: { search in
                [
                    "\(search.statuses.count)", search.statuses[0].idStr, search.statuses[0].user.screenName,
                    "\(Int(search.statuses[0].createdAt.date.timeIntervalSince1970))",
                    "\(search.statuses.filter { $0.retweetedStatus != nil }.count)",
                    "\(search.searchMetadata.count)",
                    "\(search.statuses.filter { $0.entities.media != nil }.count)",
                ]
            },
            size: { $0.statuses.count },
            twinSize: { $0.statuses.count })
    }
}

extension DataSet where Model == CitmCatalog, Twin == PlainCodable.CitmCatalog {
    static var citmCatalog: Self {
        DataSet(
            name: "citm_catalog",
            expected: ["184", "243", "8685", "17", "1372701600000", "30th Anniversary Tour"],
            fingerprint: { catalog in
                [
                    "\(catalog.events.count)", "\(catalog.performances.count)",
                    "\(catalog.performances.reduce(0) { $0 + $1.seatCategories.reduce(0) { $0 + $1.areas.count } })",
                    "\(catalog.areaNames.count)", "\(catalog.performances[0].start)",
                    catalog.events["138586341"]?.name ?? "nil",
                ]
            },
            twinFingerprint: { catalog in
                [
                    "\(catalog.events.count)", "\(catalog.performances.count)",
                    "\(catalog.performances.reduce(0) { $0 + $1.seatCategories.reduce(0) { $0 + $1.areas.count } })",
                    "\(catalog.areaNames.count)", "\(catalog.performances[0].start)",
                    catalog.events["138586341"]?.name ?? "nil",
                ]
            },
            size: { $0.performances.count },
            twinSize: { $0.performances.count })
    }
}

extension DataSet where Model == GeoFeatureCollection, Twin == PlainCodable.GeoFeatureCollection {
    static var canada: Self {
        DataSet(
            name: "canada",
            expected: ["1", "Canada", "480", "55563", "-65.61361699999998", "43.42027300000001"],
            fingerprint: { collection in
                let rings = collection.features[0].geometry.coordinates
                return [
                    "\(collection.features.count)", collection.features[0].properties.name, "\(rings.count)",
                    "\(rings.reduce(0) { $0 + $1.count })", "\(rings[0][0][0])", "\(rings[0][0][1])",
                ]
            },
            twinFingerprint: { collection in
                let rings = collection.features[0].geometry.coordinates
                return [
                    "\(collection.features.count)", collection.features[0].properties.name, "\(rings.count)",
                    "\(rings.reduce(0) { $0 + $1.count })", "\(rings[0][0][0])", "\(rings[0][0][1])",
                ]
            },
            size: { $0.features[0].geometry.coordinates.count },
            twinSize: { $0.features[0].geometry.coordinates.count })
    }
}

extension DataSet where Model == WideRecords, Twin == PlainCodable.WideRecords {
    /// The file of 40 records of 300 properties that `Benchmarks/CompileTime/generate.py --benchmark` writes with
    /// the model: a model in parts, decoded and encoded at run time.
    static var wide: Self {
        DataSet(
            name: "wide",
            expected: ["40", "8", "value 5 of record 39", "value 4 of record 1", "4.25", "80", "name 297"],
            fingerprint: { file in
                [
                    "\(file.records.count)", "\(file.records[0].count8)", file.records[39].text5,
                    file.records[1].renamed4, "\(file.records[3].ratio10)",
                    "\(file.records.reduce(0) { $0 + $1.nestedList7.count + $1.nestedList295.count })",
                    file.records[5].name297 ?? "nil",
                ]
            },
            twinFingerprint: { file in
                [
                    "\(file.records.count)", "\(file.records[0].count8)", file.records[39].text5,
                    file.records[1].renamed4, "\(file.records[3].ratio10)",
                    "\(file.records.reduce(0) { $0 + $1.nestedList7.count + $1.nestedList295.count })",
                    file.records[5].name297 ?? "nil",
                ]
            },
            size: { $0.records.count },
            twinSize: { $0.records.count })
    }
}

/// The numbers: a section shown on an app's numbers page and on a link's page.
extension DashboardTemplates {
    static let numbersBody = #"""
        {{#numbers}}<h2>Numbers</h2><section><form method="get" class="row"><label for="from">From</label><input type="date" id="from" name="from" value="{{from}}" style="width:auto">
        <label for="to">to</label><input type="date" id="to" name="to" value="{{to}}" style="width:auto">
        <label for="tz">days of</label><input id="tz" name="tz" value="{{tz}}" style="width:12em" placeholder="UTC"><button type="submit" class="secondary">Show</button>
        <a href="{{csvURL}}" id="csv">CSV by UTC day</a><a href="{{rawCSVURL}}" id="raw-csv">Raw clicks (CSV)</a></form>
        <div class="grid"><div><span class="stat" id="clicks-total">{{clicks}}</span><br><span class="muted">clicks</span></div><div><span class="stat">{{installs}}</span><br><span class="muted">installs</span></div>
        <div><span class="stat">{{opens}}</span><br><span class="muted">opens</span></div></div>{{{chart}}}
        <div class="grid"><div><h3>By platform</h3><table>{{#platforms}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/platforms}}</table></div>
        <div><h3>By outcome</h3><table>{{#outcomes}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/outcomes}}</table></div></div>
        {{#groups}}<h3>By {{name}}</h3><table>{{#rows}}<tr><td>{{name}}</td><td>{{count}}</td></tr>{{/rows}}</table>{{/groups}}</section>{{/numbers}}
        """#

    static let numbers = #"""
        {{> head}}<h1>Numbers of {{appName}}</h1><p><a href="/apps/{{appID}}">← {{appName}}</a></p>{{> numbers_body}}{{> foot}}
        """#
}

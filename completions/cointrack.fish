# fish completion for cointrack, generated from its command table by
# 'cointrack completion fish'; do not edit.
# Install it as ~/.config/fish/completions/cointrack.fish, or load it for this shell
# with: cointrack completion fish | source

# Prints the subcommands of a command path, such as 'coins', one per line.
function __cointrack_subcommands
    switch "$argv"
        case ''
            printf '%s\n' coins prices sync profile alerts portfolio help completion
        case 'coins'
            printf '%s\n' list add remove available
        case 'profile'
            printf '%s\n' show set
        case 'alerts'
            printf '%s\n' add list remove check
        case 'portfolio'
            printf '%s\n' buy sell income transfer trades remove show history gains earnings import export
    end
end

# Sets __cointrack_path, __cointrack_positionals and __cointrack_options from the words
# before the cursor.
function __cointrack_parse
    set -g __cointrack_path
    set -g __cointrack_positionals
    set -g __cointrack_options
    set -l words (commandline -opc)
    set -e words[1]
    set -l value_of
    for word in $words
        if test -n "$value_of"
            set value_of
            continue
        end
        switch $word
            case --format --fields --today --source --currency --from --to --jobs --method --above --below --change --days --price --date --fee --lot --kind --coin --year --symbol --assets-account --cash-account --income-account --staking-account --airdrop-account --interest-account
                set value_of $word
                continue
            case '-*'
                set -a __cointrack_options $word
                continue
        end
        if test (count $__cointrack_positionals) -eq 0
            and contains -- $word (__cointrack_subcommands $__cointrack_path)
            set -a __cointrack_path $word
            continue
        end
        set -a __cointrack_positionals $word
    end
end

# Succeeds when the command path is $argv[1] and, when $argv[2] is given, the word being
# completed is positional argument number $argv[2] (from 0), or later with a trailing '+'.
function __cointrack_at
    __cointrack_parse
    test "$__cointrack_path" = "$argv[1]"; or return 1
    set -q argv[2]; or return 0
    set -l count (count $__cointrack_positionals)
    switch $argv[2]
        case '*+'
            test $count -ge (string trim --right --chars + -- $argv[2])
        case '*'
            test $count -eq $argv[2]
    end
end

# Prints the words of the list $argv[1] that 'cointrack __complete'
# prints, each with its description after a tab. fish matches them whatever the case typed.
function __cointrack_ask
    set -l program (commandline -opc)[1]
    command $program __complete $argv[1]-described 2>/dev/null
end

# Prints the fields of what the command at the cursor prints, each joined by commas to
# the fields typed before the last comma, which are not offered again.
function __cointrack_fields
    __cointrack_parse
    set -l given (string split , -- (string replace -r -- '^--fields=' '' (commandline -ct)))
    set -e given[-1]
    set -l fields
    switch "$__cointrack_path"
        case 'coins list'
            set fields id symbol name price date currency source closed coin_id
        case 'coins add'
            set fields id symbol name coin_id
        case 'coins remove'
            set fields id symbol name coin_id
        case 'coins available'
            set fields symbol name first_date last_date
        case 'prices'
            set fields date symbol price currency source closed
            contains -- --stats $__cointrack_options
            and set fields symbol currency source first_date last_date first_price last_price min_price min_date max_price max_date mean_price change change_percent days_with_data days_without_data
        case 'sync'
            set fields symbol coin_id source first_added last_added days_added status
        case 'profile show'
            set fields username source currency method
        case 'profile set'
            set fields username source currency method
        case 'alerts add'
            set fields id symbol condition threshold days currency fired_on coin_id
        case 'alerts list'
            set fields id symbol condition threshold days currency fired_on coin_id
        case 'alerts remove'
            set fields id symbol condition threshold days currency fired_on coin_id
        case 'alerts check'
            set fields id symbol condition threshold days price date reference_price reference_date change_percent currency source coin_id
        case 'portfolio buy'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio sell'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio income'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio transfer'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio trades'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio remove'
            set fields id date side symbol coin_id quantity price fee currency origin
        case 'portfolio show'
            set fields symbol quantity cost average_cost price price_date value unrealised unrealised_percent realised currency coin_id
        case 'portfolio history'
            set fields date value cost unrealised unrealised_percent realised currency coins priced
        case 'portfolio gains'
            set fields sale_id sale_date symbol quantity lot acquired days_held term proceeds cost gain currency coin_id
        case 'portfolio earnings'
            set fields trade_id date symbol kind quantity close value currency coin_id
        case 'portfolio import'
            set fields id date side symbol coin_id quantity price fee currency origin
    end
    for field in $fields
        contains -- $field $given; or string join , -- $given $field
    end
end

# Prints what follows 'help' and the words after it: a topic, a command, its subcommands.
function __cointrack_help_words
    __cointrack_parse
    __cointrack_subcommands $__cointrack_positionals
    test (count $__cointrack_positionals) -gt 0; or printf '%s\n' exit-codes formats sources files
end

complete -c cointrack -f

# cointrack
complete -c cointrack -n "__cointrack_at '' 0" -a coins -d 'Manage the tracked coins.'
complete -c cointrack -n "__cointrack_at '' 0" -a prices -d 'Show a coin\'s daily prices between two dates.'
complete -c cointrack -n "__cointrack_at '' 0" -a sync -d 'Fetch the newest daily closes into the local price history.'
complete -c cointrack -n "__cointrack_at '' 0" -a profile -d 'Show or change the profile.'
complete -c cointrack -n "__cointrack_at '' 0" -a alerts -d 'Store price alerts and check them, for cron jobs.'
complete -c cointrack -n "__cointrack_at '' 0" -a portfolio -d 'Record trades, and see holdings, cost and profit.'
complete -c cointrack -n "__cointrack_at '' 0" -a help -d 'Show help for a command or a topic.'
complete -c cointrack -n "__cointrack_at '' 0" -a completion -d 'Print a shell completion script.'
complete -c cointrack -l format -x -a 'table csv tsv json jsonl ledger hledger beancount' -d 'How to print the results; \'cointrack help formats\' shows each with a sample.'
complete -c cointrack -l fields -x -a '(__cointrack_fields)' -d 'The fields to print, in this order, separated by commas; each command\'s help lists its fields.'
complete -c cointrack -l no-header -d 'Leave out the header line.'
complete -c cointrack -l today -x -a 'today yesterday' -d 'What today is: YYYY-MM-DD, \'today\' or \'yesterday\'. No date after it may be asked for.'
complete -c cointrack -l quiet -d 'Print no notes on stderr: no \'cointrack: note:\' line (each command\'s help says when it notes) and no progress of \'sync\'. Errors still print; stdout and the exit code stay the same.'
complete -c cointrack -s h -l help -d 'Show help for the command.'
complete -c cointrack -l version -d 'Print the version, the commit it was built from (when the build was told) and the last day of the embedded snapshot.'

# cointrack coins
complete -c cointrack -n "__cointrack_at 'coins' 0" -a list -d 'List the tracked coins with their latest price.'
complete -c cointrack -n "__cointrack_at 'coins' 0" -a add -d 'Start tracking coins.'
complete -c cointrack -n "__cointrack_at 'coins' 0" -a remove -d 'Stop tracking coins.'
complete -c cointrack -n "__cointrack_at 'coins' 0" -a available -d 'List the coins that can be added.'

# cointrack coins list
complete -c cointrack -n "__cointrack_at 'coins list'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'coins list'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'coins list'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'coins list'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack coins add
complete -c cointrack -n "__cointrack_at 'coins add'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'coins add'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'
complete -c cointrack -n "__cointrack_at 'coins add' 0+" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack coins remove
complete -c cointrack -n "__cointrack_at 'coins remove' 0+" -a '(__cointrack_ask tracked)' -d 'An id, @id, symbol or full name of a tracked coin.'

# cointrack prices
complete -c cointrack -n "__cointrack_at 'prices'" -l from -x -a 'today yesterday' -d 'The first day: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'prices'" -l to -x -a 'today yesterday' -d 'The last day: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'prices'" -l stats -d 'Print one row of statistics of the range instead of a row per day.'
complete -c cointrack -n "__cointrack_at 'prices'" -l chart -d 'Draw a chart of the range under the table, as wide as COLUMNS, even when stdout is not a terminal.'
complete -c cointrack -n "__cointrack_at 'prices'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'prices'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'prices'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'prices'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'
complete -c cointrack -n "__cointrack_at 'prices' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id.'

# cointrack sync
complete -c cointrack -n "__cointrack_at 'sync'" -l source -x -a 'coingecko binance twelvedata' -d 'The live source to ask for every coin.'
complete -c cointrack -n "__cointrack_at 'sync'" -l from -x -a 'today yesterday' -d 'The first day to fetch for a coin with no offline close yet: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'sync'" -l jobs -x -d 'How many coins to sync at once (1 to 64); coingecko without a paid key and twelvedata take one coin at a time whatever N is.'
complete -c cointrack -n "__cointrack_at 'sync' 0+" -a '(__cointrack_ask tracked)' -d 'A tracked coin (symbol, name, list id or @id), or any coin a source knows; without one, every tracked coin.'

# cointrack profile
complete -c cointrack -n "__cointrack_at 'profile' 0" -a show -d 'Show the username and preferences.'
complete -c cointrack -n "__cointrack_at 'profile' 0" -a set -d 'Change the username or the preferred source and currency.'

# cointrack profile set
complete -c cointrack -n "__cointrack_at 'profile set'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'profile set'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'profile set'" -l method -x -a 'fifo lifo hifo average' -d 'How a sale takes its cost: fifo (the oldest purchases first), lifo (the newest first), hifo (the highest cost per unit first) or average (the average cost of what is held).'

# cointrack alerts
complete -c cointrack -n "__cointrack_at 'alerts' 0" -a add -d 'Store a price alert.'
complete -c cointrack -n "__cointrack_at 'alerts' 0" -a list -d 'List the stored alerts.'
complete -c cointrack -n "__cointrack_at 'alerts' 0" -a remove -d 'Remove alerts.'
complete -c cointrack -n "__cointrack_at 'alerts' 0" -a check -d 'Check every alert and print those that fired.'

# cointrack alerts add
complete -c cointrack -n "__cointrack_at 'alerts add'" -l above -x -d 'Fire when the price is at or above PRICE.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l below -x -d 'Fire when the price is at or below PRICE.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l change -x -d 'Fire when the price is at least PERCENT away from the close --days before: -10 on a fall of 10% or more, 5 on a rise of 5% or more.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l days -x -d 'How many days before the latest price\'s day --change compares with, 1 to 36500.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'alerts add'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'
complete -c cointrack -n "__cointrack_at 'alerts add' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack alerts remove
complete -c cointrack -n "__cointrack_at 'alerts remove' 0+" -a '(__cointrack_ask alerts)' -d 'The id \'cointrack alerts list\' shows.'

# cointrack alerts check
complete -c cointrack -n "__cointrack_at 'alerts check'" -l all -d 'Print every alert whose condition holds now, whatever fired before, and change nothing; exit 1 when one holds.'
complete -c cointrack -n "__cointrack_at 'alerts check'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'alerts check'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'alerts check'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'alerts check'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack portfolio
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a buy -d 'Record coins bought, and print the trade with its id.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a sell -d 'Record coins sold, and print the trade with its id.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a income -d 'Record income received in coins: staking, an airdrop or interest.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a transfer -d 'Record coins moved between your own accounts, and a fee paid in them.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a trades -d 'List the recorded trades, oldest first.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a remove -d 'Remove trades.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a show -d 'Show the coins held, their cost, value and profit.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a history -d 'Show the portfolio\'s value, cost and profit day by day.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a gains -d 'Show the profit each sale realised, lot by lot.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a earnings -d 'Show the income received in coins, with its value.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a import -d 'Record the trades of a CSV file, all or none.'
complete -c cointrack -n "__cointrack_at 'portfolio' 0" -a export -d 'Print every trade as CSV, or as ledger, hledger or beancount journal.'

# cointrack portfolio buy
complete -c cointrack -n "__cointrack_at 'portfolio buy'" -l price -x -d 'Required: the price of one unit in the trade\'s currency: a plain decimal, 0 or above.'
complete -c cointrack -n "__cointrack_at 'portfolio buy'" -l date -x -a 'today yesterday' -d 'The day of the trade: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio buy'" -l fee -x -d 'What the trade cost besides the units, in its currency.'
complete -c cointrack -n "__cointrack_at 'portfolio buy'" -l currency -x -d 'The currency of PRICE and FEE, such as USD or USDT (2 to 10 letters and digits).'
complete -c cointrack -n "__cointrack_at 'portfolio buy' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack portfolio sell
complete -c cointrack -n "__cointrack_at 'portfolio sell'" -l price -x -d 'Required: the price of one unit in the trade\'s currency: a plain decimal, 0 or above.'
complete -c cointrack -n "__cointrack_at 'portfolio sell'" -l date -x -a 'today yesterday' -d 'The day of the trade: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio sell'" -l fee -x -d 'What the trade cost besides the units, in its currency.'
complete -c cointrack -n "__cointrack_at 'portfolio sell'" -l currency -x -d 'The currency of PRICE and FEE, such as USD or USDT (2 to 10 letters and digits).'
complete -c cointrack -n "__cointrack_at 'portfolio sell'" -l lot -x -d 'The buys to sell from, in this order, whatever the cost method: their trade ids, separated by commas.'
complete -c cointrack -n "__cointrack_at 'portfolio sell' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack portfolio income
complete -c cointrack -n "__cointrack_at 'portfolio income'" -l kind -x -a 'staking airdrop interest' -d 'What the income is.'
complete -c cointrack -n "__cointrack_at 'portfolio income'" -l date -x -a 'today yesterday' -d 'The day of the trade: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio income'" -l price -x -d 'The value of one unit, in the coin\'s currency in the profile\'s source: a plain decimal, 0 or above.'
complete -c cointrack -n "__cointrack_at 'portfolio income' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack portfolio transfer
complete -c cointrack -n "__cointrack_at 'portfolio transfer'" -l fee -x -d 'The units of COIN the move cost: a plain decimal above 0 with at most 18 decimals.'
complete -c cointrack -n "__cointrack_at 'portfolio transfer'" -l date -x -a 'today yesterday' -d 'The day of the trade: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio transfer' 0" -a '(__cointrack_ask catalogue)' -d 'A symbol, full name or @id: btc, "bitcoin cash", @bitcoin.'

# cointrack portfolio trades
complete -c cointrack -n "__cointrack_at 'portfolio trades'" -l coin -x -d 'Only the trades of this coin: a symbol, full name or @id.'

# cointrack portfolio show
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l date -x -a 'today yesterday' -d 'The day to show: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l method -x -a 'fifo lifo hifo average' -d 'How a sale takes its cost: fifo (the oldest purchases first), lifo (the newest first), hifo (the highest cost per unit first) or average (the average cost of what is held).'
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'portfolio show'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack portfolio history
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l from -x -a 'today yesterday' -d 'The first day: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l to -x -a 'today yesterday' -d 'The last day: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l method -x -a 'fifo lifo hifo average' -d 'How a sale takes its cost: fifo (the oldest purchases first), lifo (the newest first), hifo (the highest cost per unit first) or average (the average cost of what is held).'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'portfolio history'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack portfolio gains
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l from -x -a 'today yesterday' -d 'The first day of the sales: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l to -x -a 'today yesterday' -d 'The last day of the sales: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l year -x -d 'The sales of one calendar year, to today in the current one; not with --from or --to.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l coin -x -d 'Only the trades of this coin: a symbol, full name or @id.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l method -x -a 'fifo lifo hifo average' -d 'How a sale takes its cost: fifo (the oldest purchases first), lifo (the newest first), hifo (the highest cost per unit first) or average (the average cost of what is held).'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l currency -x -d 'The currency to quote prices in, such as USD or EUR; each source quotes a fixed set.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l refresh -d 'Ask a live source again for today\'s prices and for past days cached without one.'
complete -c cointrack -n "__cointrack_at 'portfolio gains'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack portfolio earnings
complete -c cointrack -n "__cointrack_at 'portfolio earnings'" -l from -x -a 'today yesterday' -d 'The first day of the income: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio earnings'" -l to -x -a 'today yesterday' -d 'The last day of the income: YYYY-MM-DD, \'today\' or \'yesterday\'.'
complete -c cointrack -n "__cointrack_at 'portfolio earnings'" -l year -x -d 'The income of one calendar year, to today in the current one; not with --from or --to.'
complete -c cointrack -n "__cointrack_at 'portfolio earnings'" -l coin -x -d 'Only the trades of this coin: a symbol, full name or @id.'

# cointrack portfolio import
complete -c cointrack -n "__cointrack_at 'portfolio import'" -l from -x -a 'binance coinbase kraken koinly cointracking cointrack' -d 'The export\'s format: binance, coinbase, kraken, koinly, cointracking or cointrack.'
complete -c cointrack -n "__cointrack_at 'portfolio import'" -l symbol -x -d 'The coin an export\'s SYMBOL means (a symbol, full name or @id); repeatable, or several separated by commas.'
complete -c cointrack -n "__cointrack_at 'portfolio import'" -l dry-run -d 'Print the trades that would be recorded and store nothing.'
complete -c cointrack -n "__cointrack_at 'portfolio import'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'portfolio import'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'
complete -c cointrack -n "__cointrack_at 'portfolio import' 0" -F -d 'The trade file or export to read, or - for standard input.'

# cointrack portfolio export
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l assets-account -x -d 'The account that holds the coins.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l cash-account -x -d 'The account that pays for buys and receives what sells bring.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l income-account -x -d 'The account the gains (and losses) of sales go to.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l staking-account -x -d 'The account that gives staking income its value on the day it came.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l airdrop-account -x -d 'The account that gives airdrop income its value on the day it came.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l interest-account -x -d 'The account that gives interest income its value on the day it came.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l method -x -a 'fifo lifo hifo average' -d 'The lots a journal\'s sales take: fifo, lifo, hifo, or average (not beancount).'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l source -x -a 'offline coingecko binance twelvedata' -d 'Where prices come from: the embedded snapshot (offline) or a live API; \'cointrack help sources\' tells them apart.'
complete -c cointrack -n "__cointrack_at 'portfolio export'" -l cached-only -d 'Answer from the cache of a live source alone, asking nothing; exit 69 when the cache lacks what is needed.'

# cointrack help
complete -c cointrack -n "__cointrack_at 'help'" -l man -d 'Print the manual page of every command, as roff for section 1, such as \'cointrack help --man > ~/.local/share/man/man1/cointrack.1\'.'
complete -c cointrack -n "__cointrack_at 'help' 0+" -a '(__cointrack_help_words)' -d 'A command (such as \'coins add\') or a topic.'

# cointrack completion
complete -c cointrack -n "__cointrack_at 'completion' 0" -a 'bash zsh fish' -d 'The shell to complete for.'

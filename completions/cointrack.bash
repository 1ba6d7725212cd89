# bash completion for cointrack, generated from its command table by
# 'cointrack completion bash'; do not edit.
# Install it as cointrack in bash-completion's completions directory, or load it for this
# shell with: source <(cointrack completion bash)

# Sets REPLY to the subcommands of a command path, such as 'coins'.
_cointrack_subcommands() {
    case $1 in
        '' ) REPLY='coins prices sync profile alerts portfolio help completion' ;;
        'coins' ) REPLY='list add remove available' ;;
        'profile' ) REPLY='show set' ;;
        'alerts' ) REPLY='add list remove check' ;;
        'portfolio' ) REPLY='buy sell income transfer trades remove show history gains earnings import export' ;;
        *) REPLY='' ;;
    esac
}

# Sets REPLY to the options of a command path.
_cointrack_options() {
    case $1 in
        'coins list' ) REPLY='--source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'coins add' ) REPLY='--source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'prices' ) REPLY='--from --to --stats --chart --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'sync' ) REPLY='--source --from --jobs --format --fields --no-header --today --quiet -h --help --version' ;;
        'profile set' ) REPLY='--source --currency --method --format --fields --no-header --today --quiet -h --help --version' ;;
        'alerts add' ) REPLY='--above --below --change --days --source --currency --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'alerts check' ) REPLY='--all --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio buy' ) REPLY='--price --date --fee --currency --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio sell' ) REPLY='--price --date --fee --currency --lot --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio income' ) REPLY='--kind --date --price --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio transfer' ) REPLY='--fee --date --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio trades' ) REPLY='--coin --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio show' ) REPLY='--date --method --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio history' ) REPLY='--from --to --method --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio gains' ) REPLY='--from --to --year --coin --method --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio earnings' ) REPLY='--from --to --year --coin --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio import' ) REPLY='--from --symbol --dry-run --source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio export' ) REPLY='--assets-account --cash-account --income-account --staking-account --airdrop-account --interest-account --method --source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'help' ) REPLY='--man --format --fields --no-header --today --quiet -h --help --version' ;;
        *) REPLY='--format --fields --no-header --today --quiet -h --help --version' ;;
    esac
}

# Sets REPLY to the values of option $1 at the command path $2; the options given
# follow. Sets kind to 'list' for a comma-separated list.
_cointrack_values() {
    case $2 in
        'sync' ) case $1 in --source) REPLY='coingecko binance twelvedata'; return ;; esac ;;
        'portfolio import' ) case $1 in --from) REPLY='binance coinbase kraken koinly cointracking cointrack'; return ;; esac ;;
    esac
    case $1 in
        --format) REPLY='table csv tsv json jsonl ledger hledger beancount' ;;
        --fields) _cointrack_fields "${@:2}"; kind=list ;;
        --today) REPLY='today yesterday' ;;
        --source) REPLY='offline coingecko binance twelvedata' ;;
        --from) REPLY='today yesterday' ;;
        --to) REPLY='today yesterday' ;;
        --method) REPLY='fifo lifo hifo average' ;;
        --date) REPLY='today yesterday' ;;
        --kind) REPLY='staking airdrop interest' ;;
        *) REPLY='' ;;
    esac
}

# Sets REPLY to the fields of what the command path $1 prints; the options given follow,
# as one such as --stats makes it print other records.
_cointrack_fields() {
    local path=$1
    shift
    case $path in
        'coins list' )
            REPLY='id symbol name price date currency source closed coin_id' ;;
        'coins add' )
            REPLY='id symbol name coin_id' ;;
        'coins remove' )
            REPLY='id symbol name coin_id' ;;
        'coins available' )
            REPLY='symbol name first_date last_date' ;;
        'prices' )
            REPLY='date symbol price currency source closed'
            [[ " $* " != *' --stats '* ]] || REPLY='symbol currency source first_date last_date first_price last_price min_price min_date max_price max_date mean_price change change_percent days_with_data days_without_data' ;;
        'sync' )
            REPLY='symbol coin_id source first_added last_added days_added status' ;;
        'profile show' )
            REPLY='username source currency method' ;;
        'profile set' )
            REPLY='username source currency method' ;;
        'alerts add' )
            REPLY='id symbol condition threshold days currency fired_on coin_id' ;;
        'alerts list' )
            REPLY='id symbol condition threshold days currency fired_on coin_id' ;;
        'alerts remove' )
            REPLY='id symbol condition threshold days currency fired_on coin_id' ;;
        'alerts check' )
            REPLY='id symbol condition threshold days price date reference_price reference_date change_percent currency source coin_id' ;;
        'portfolio buy' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio sell' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio income' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio transfer' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio trades' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio remove' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        'portfolio show' )
            REPLY='symbol quantity cost average_cost price price_date value unrealised unrealised_percent realised currency coin_id' ;;
        'portfolio history' )
            REPLY='date value cost unrealised unrealised_percent realised currency coins priced' ;;
        'portfolio gains' )
            REPLY='sale_id sale_date symbol quantity lot acquired days_held term proceeds cost gain currency coin_id' ;;
        'portfolio earnings' )
            REPLY='trade_id date symbol kind quantity close value currency coin_id' ;;
        'portfolio import' )
            REPLY='id date side symbol coin_id quantity price fee currency origin' ;;
        *) REPLY='' ;;
    esac
}

# Sets REPLY to the values of positional argument number $2 (from 0) of the command path
# $1; the arguments before it follow. Coin symbols and alert ids come from the program
# being completed, and match whatever the case typed (kind 'nocase'); kind 'files' asks
# for file names instead.
_cointrack_arguments() {
    local path=$1 index=$2
    shift 2
    REPLY=''
    case $path in
        'coins add' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'coins remove' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete tracked 2>/dev/null) kind=nocase
            fi ;;
        'prices' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'sync' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete tracked 2>/dev/null) kind=nocase
            fi ;;
        'alerts add' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'alerts remove' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete alerts 2>/dev/null) kind=nocase
            fi ;;
        'portfolio buy' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'portfolio sell' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'portfolio income' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'portfolio transfer' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null) kind=nocase
            fi ;;
        'portfolio import' )
            if ((index == 0)); then kind=files
            fi ;;
        'help' )
            if ((index >= 0)); then _cointrack_subcommands "$*"
                ((index > 0)) || REPLY+=' exit-codes formats sources files'
            fi ;;
        'completion' )
            if ((index == 0)); then REPLY='bash zsh fish'
            fi ;;
    esac
}

_cointrack() {
    local cur=${COMP_WORDS[COMP_CWORD]} path='' word value_of='' prefix='' kind='' i
    local _cointrack_program=${COMP_WORDS[0]}
    local -a positionals=() options=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ -n $value_of ]]; then
            # With '=' in COMP_WORDBREAKS, '--format=csv' arrives as '--format' '=' 'csv'.
            [[ $word == = ]] || value_of=''
            continue
        fi
        case $word in
            --format|--fields|--today|--source|--currency|--from|--to|--jobs|--method|--above|--below|--change|--days|--price|--date|--fee|--lot|--kind|--coin|--year|--symbol|--assets-account|--cash-account|--income-account|--staking-account|--airdrop-account|--interest-account) value_of=$word; continue ;;
            -*) options+=("$word"); continue ;;
        esac
        if ((${#positionals[@]} == 0)); then
            _cointrack_subcommands "$path"
            if [[ " $REPLY " == *" $word "* ]]; then
                path=${path:+$path }$word
                continue
            fi
        fi
        positionals+=("$word")
    done
    if [[ -n $value_of && $cur == = ]]; then
        cur=''
    elif [[ -z $value_of && $cur == --*=* ]]; then
        # '=' is not a word break here: complete the value inside the word.
        value_of=${cur%%=*}
        prefix=$value_of=
        cur=${cur#*=}
    fi
    REPLY=''
    if [[ -n $value_of ]]; then
        _cointrack_values "$value_of" "$path" "${options[@]}"
    elif [[ $cur == -* ]]; then
        _cointrack_options "$path"
    else
        ((${#positionals[@]} > 0)) || _cointrack_subcommands "$path"
        [[ -n $REPLY ]] || _cointrack_arguments "$path" ${#positionals[@]} "${positionals[@]}"
    fi
    COMPREPLY=()
    if [[ $kind == files ]]; then
        # Readline quotes the names itself and marks directories with a slash; the word
        # typed has its quoting undone in the simple cases (backslashes, an opening quote).
        compopt -o filenames 2>/dev/null
        cur=${cur//\\/}
        cur=${cur#[\"\']}
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return
    fi
    local given=,
    if [[ $kind == list ]]; then
        # Only what follows the last comma is completed; the words before it are kept and
        # not offered again. No space follows, so that a comma can.
        compopt -o nospace 2>/dev/null
        if [[ $cur == *,* ]]; then
            given+=${cur%,*},
            prefix+=${cur%,*},
            cur=${cur##*,}
        fi
    fi
    # The words are literal: matched by prefix here, as 'compgen -W' would expand $(...),
    # backticks and variables in them, and each offered shell-quoted, so that a word
    # holding shell syntax is inserted as text and never runs.
    local candidate quoted
    while IFS= read -r candidate; do
        [[ -n $candidate && $given != *",$candidate,"* ]] || continue
        if [[ $kind == nocase ]]; then
            [[ ${candidate,,} == "${cur,,}"* ]] || continue
        else
            [[ $candidate == "$cur"* ]] || continue
        fi
        printf -v quoted '%q' "$candidate"
        COMPREPLY+=("$prefix$quoted")
    done <<< "${REPLY// /$'\n'}"
}

complete -F _cointrack cointrack

//! Real resource types follow the provider schema catalogue (assets/provider-schemas): set
//! blocks collapse and cannot be indexed, arguments are checked and typed, unset attributes are
//! planned as Terraform plans them; fictional example_* types keep the generic model. Expected
//! values are Terraform's behaviour and messages (hcl and terraform sources), one line each.

use iacquiz::lang::config::Config;
use iacquiz::lang::session::Session;

/// Evaluates `expr` in a one-file configuration: the console's rendering, or `error: SUMMARY`.
fn eval(config: &str, expr: &str) -> String {
    let config = match Config::from_texts(vec![("main.tf".into(), config.into())]) {
        Ok(c) => c,
        Err(d) => return format!("parse error: {}", d.summary),
    };
    let s = Session {
        config,
        ..Session::default()
    };
    match s.console(expr) {
        Ok(v) => v,
        Err(d) => format!("error: {}", d.summary),
    }
}

/// The detail of the error `expr` gives.
fn detail(config: &str, expr: &str) -> String {
    let c = Config::from_texts(vec![("main.tf".into(), config.into())]).expect("parses");
    let s = Session {
        config: c,
        ..Session::default()
    };
    s.console(expr).err().map(|d| d.detail).unwrap_or_default()
}

const RULE: &str = "from_port = 443\n    to_port = 443\n    protocol = \"tcp\"";

fn sg(body: &str) -> String {
    format!("resource \"aws_security_group\" \"web\" {{\n{body}\n}}\n")
}

fn ingress(extra: &str) -> String {
    format!("  ingress {{\n    {RULE}\n    {extra}\n  }}\n")
}

#[test]
fn set_blocks_collapse_identical_blocks() {
    let two_same = sg(&format!("{}{}", ingress(""), ingress("")));
    assert_eq!(eval(&two_same, "length(aws_security_group.web.ingress)"), "1");
    let different = sg(&format!("{}{}", ingress("description = \"a\""), ingress("description = \"b\"")));
    assert_eq!(eval(&different, "length(aws_security_group.web.ingress)"), "2");
}

#[test]
fn a_set_block_cannot_be_indexed() {
    let c = sg(&ingress(""));
    assert_eq!(eval(&c, "aws_security_group.web.ingress[0]"), "error: Invalid index");
    assert!(detail(&c, "aws_security_group.web.ingress[0]").contains("Elements of a set are identified only by their value"));
}

#[test]
fn for_and_splat_iterate_a_set_block() {
    let c = sg(&format!("{}{}", ingress("description = \"b\""), ingress("description = \"a\"")));
    assert_eq!(
        eval(&c, "sort([for r in aws_security_group.web.ingress : r.description])"),
        "tolist([\n  \"a\",\n  \"b\",\n])"
    );
    assert_eq!(eval(&c, "length(aws_security_group.web.ingress[*].protocol)"), "2");
}

#[test]
fn list_blocks_keep_their_order_and_can_be_indexed() {
    let c = "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  credit_specification {\n    cpu_credits = \"unlimited\"\n  }\n}\n";
    assert_eq!(eval(c, "aws_instance.web.credit_specification[0].cpu_credits"), "\"unlimited\"");
}

#[test]
fn unsupported_argument() {
    let c = sg("  colour = \"red\"");
    assert_eq!(eval(&c, "aws_security_group.web"), "error: Unsupported argument");
    assert_eq!(
        detail(&c, "aws_security_group.web"),
        "An argument named \"colour\" is not expected here."
    );
}

#[test]
fn unsupported_block_type() {
    let c = sg("  rule {\n  }");
    assert_eq!(eval(&c, "aws_security_group.web"), "error: Unsupported block type");
    assert_eq!(
        detail(&c, "aws_security_group.web"),
        "Blocks of type \"rule\" are not expected here."
    );
}

#[test]
fn missing_required_argument() {
    let c = sg("  ingress {\n    from_port = 443\n    to_port = 443\n  }");
    assert_eq!(eval(&c, "aws_security_group.web"), "error: Missing required argument");
    assert_eq!(
        detail(&c, "aws_security_group.web"),
        "The argument \"protocol\" is required, but no definition was found."
    );
}

#[test]
fn a_computed_only_attribute_cannot_be_set() {
    let c = sg("  arn = \"arn:aws:ec2:::security-group/sg-1\"");
    assert_eq!(eval(&c, "aws_security_group.web"), "error: Value for unconfigurable attribute");
    assert_eq!(
        detail(&c, "aws_security_group.web"),
        "Can't configure a value for \"arn\": its value will be decided automatically based on the result of applying this configuration."
    );
}

#[test]
fn too_many_and_too_few_blocks() {
    let two = "resource \"aws_instance\" \"web\" {\n  credit_specification {\n  }\n  credit_specification {\n  }\n}\n";
    assert_eq!(eval(two, "aws_instance.web"), "error: Too many credit_specification blocks");
    assert_eq!(
        detail(two, "aws_instance.web"),
        "No more than 1 \"credit_specification\" blocks are allowed"
    );
    let none = "resource \"aws_s3_bucket_versioning\" \"v\" {\n  bucket = \"logs\"\n}\n";
    assert_eq!(
        eval(none, "aws_s3_bucket_versioning.v"),
        "error: Insufficient versioning_configuration blocks"
    );
}

#[test]
fn arguments_are_converted_to_their_schema_type() {
    let c = sg("  ingress {\n    from_port = \"443\"\n    to_port = 443\n    protocol = \"tcp\"\n  }");
    assert_eq!(eval(&c, "one(aws_security_group.web.ingress).from_port"), "443");
    let bad = sg("  ingress {\n    from_port = \"https\"\n    to_port = 443\n    protocol = \"tcp\"\n  }");
    assert_eq!(eval(&bad, "aws_security_group.web"), "error: Incorrect attribute value type");
}

#[test]
fn unset_attributes_are_planned_as_terraform_plans_them() {
    let c = "resource \"aws_subnet\" \"a\" {\n  vpc_id = \"vpc-1\"\n}\n";
    assert_eq!(
        eval(c, "aws_subnet.a.customer_owned_ipv4_pool"),
        "tostring(null)",
        "optional: a typed null"
    );
    assert_eq!(eval(c, "aws_subnet.a.map_public_ip_on_launch"), "false", "optional with a default");
    assert_eq!(eval(c, "aws_subnet.a.arn"), "(known after apply)", "computed");
    assert_eq!(eval(c, "aws_subnet.a.cidr_block"), "(known after apply)", "optional+computed");
    let inst = "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\n";
    assert_eq!(
        eval(inst, "length(aws_instance.web.credit_specification)"),
        "0",
        "an absent list block is an empty list"
    );
    assert_eq!(
        eval(inst, "aws_instance.web.root_block_device"),
        "(known after apply)",
        "an absent optional+computed block"
    );
    assert_eq!(eval(c, "aws_subnet.a.colour"), "error: Unsupported attribute");
}

#[test]
fn a_dynamic_block_generates_into_a_set_block() {
    let c = sg(
        "  dynamic \"ingress\" {\n    for_each = [80, 80, 443]\n    content {\n      from_port = ingress.value\n      to_port = ingress.value\n      protocol = \"tcp\"\n    }\n  }",
    );
    assert_eq!(eval(&c, "length(aws_security_group.web.ingress)"), "2");
    // sort() compares strings, as Terraform's does.
    assert_eq!(
        eval(&c, "sort(aws_security_group.web.ingress[*].from_port)"),
        "tolist([\n  \"443\",\n  \"80\",\n])"
    );
    let missing = sg("  dynamic \"ingress\" {\n    for_each = [80]\n    content {\n      from_port = ingress.value\n    }\n  }");
    assert_eq!(eval(&missing, "aws_security_group.web"), "error: Missing required argument");
    let unknown_type = sg("  dynamic \"rule\" {\n    for_each = [80]\n    content {\n    }\n  }");
    assert_eq!(eval(&unknown_type, "aws_security_group.web"), "error: Unsupported block type");
    let meta = sg("  dynamic \"lifecycle\" {\n    for_each = [1]\n    content {\n    }\n  }");
    assert_eq!(eval(&meta, "aws_security_group.web"), "error: Unsupported block type");
}

#[test]
fn a_type_outside_the_catalogue_names_it() {
    let c = "resource \"aws_foo\" \"x\" {\n}\n";
    assert_eq!(eval(c, "aws_foo.x"), "error: Invalid resource type");
    let d = detail(c, "aws_foo.x");
    assert!(
        d.contains("assets/provider-schemas/catalogue.yaml") && d.contains("\"aws_foo\"") && d.contains("aws_security_group"),
        "{d}"
    );
    assert_eq!(
        eval("data \"aws_foo\" \"x\" {\n}\n", "data.aws_foo.x"),
        "error: Invalid data source"
    );
}

#[test]
fn fictional_example_types_keep_the_generic_model() {
    let c = "resource \"example_thing\" \"x\" {\n  anything = 1\n  rule {\n    a = 1\n  }\n  rule {\n    a = 1\n  }\n}\n";
    assert_eq!(eval(c, "example_thing.x.anything"), "1");
    assert_eq!(eval(c, "length(example_thing.x.rule)"), "2", "every block a list: duplicates stay");
    assert_eq!(eval(c, "example_thing.x.rule[1].a"), "1");
    assert_eq!(eval(c, "example_thing.x.unset"), "(known after apply)");
}

#[test]
fn terraform_data_is_catalogued() {
    let c = "resource \"terraform_data\" \"x\" {\n  input = \"a\"\n}\n";
    assert_eq!(eval(c, "terraform_data.x.input"), "\"a\"");
    assert_eq!(eval(c, "terraform_data.x.id"), "(known after apply)");
    assert_eq!(
        eval("resource \"terraform_data\" \"x\" {\n  output = 1\n}\n", "terraform_data.x"),
        "error: Value for unconfigurable attribute"
    );
}

#[test]
fn every_bank_configuration_validates_against_the_catalogue() {
    use iacquiz::bank::model::{Engine, Stated};
    let bank = iacquiz::bank::Bank::load_embedded().expect("the bundled bank loads");
    let mut checked = 0;
    for q in bank.questions().iter().filter(|q| q.engine == Engine::Terraform) {
        for seed in 0..3 {
            let inst = q.instantiate(seed);
            let Some(text) = &inst.source.config else { continue };
            checked += 1;
            let found = Config::from_texts(vec![("main.tf".into(), text.clone())])
                .and_then(|config| iacquiz::lang::config::schema::check_config(&config));
            if let Err(d) = found {
                // Only a question whose point is that very error may hold an invalid configuration.
                let intended = match &inst.answer {
                    Some(Stated::Error(s)) => *s == d.summary,
                    Some(Stated::Bool(false)) => inst.claim.is_some(),
                    _ => false,
                };
                assert!(intended, "{}: {}: {}", q.id, d.summary, d.detail);
            }
        }
    }
    assert!(checked > 20, "only {checked} configurations checked");
}

#[test]
fn listener_default_actions_are_a_list_in_written_order() {
    let c = "resource \"aws_lb_listener\" \"l\" {\n  load_balancer_arn = \"arn:lb\"\n  default_action {\n    type = \"redirect\"\n    redirect {\n      status_code = \"HTTP_301\"\n    }\n  }\n  default_action {\n    type = \"fixed-response\"\n    fixed_response {\n      content_type = \"text/plain\"\n    }\n  }\n}\n";
    assert_eq!(eval(c, "aws_lb_listener.l.default_action[1].type"), "\"fixed-response\"");
    assert_eq!(
        eval(c, "aws_lb_listener.l.default_action[0].redirect[0].host"),
        "\"#{host}\"",
        "an SDKv2 default"
    );
    let none = "resource \"aws_lb_listener\" \"l\" {\n  load_balancer_arn = \"arn:lb\"\n}\n";
    assert_eq!(eval(none, "aws_lb_listener.l"), "error: Insufficient default_action blocks");
}

const CDN: &str = r#"
resource "aws_cloudfront_distribution" "cdn" {
  enabled = true
  dynamic "origin" {
    for_each = ["api.example.com", "static.example.com"]
    content {
      domain_name = origin.value
      origin_id   = origin.value
      custom_header {
        name  = "X-Env"
        value = "prod"
      }
    }
  }
  default_cache_behavior {
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
    target_origin_id       = "api.example.com"
    viewer_protocol_policy = "redirect-to-https"
  }
  restrictions {
    geo_restriction {
      restriction_type = "none"
    }
  }
  viewer_certificate {
    cloudfront_default_certificate = true
  }
}
"#;

#[test]
fn cloudfront_origins_and_their_custom_headers_are_sets() {
    assert_eq!(eval(CDN, "aws_cloudfront_distribution.cdn.origin[1]"), "error: Invalid index");
    assert_eq!(eval(CDN, "length(aws_cloudfront_distribution.cdn.origin)"), "2");
    assert_eq!(
        eval(
            CDN,
            "sort(flatten([for o in aws_cloudfront_distribution.cdn.origin : [for h in o.custom_header : \"${o.origin_id}:${h.value}\"]]))"
        ),
        "tolist([\n  \"api.example.com:prod\",\n  \"static.example.com:prod\",\n])"
    );
    assert_eq!(eval(CDN, "aws_cloudfront_distribution.cdn.http_version"), "\"http2\"");
    let no_certificate = CDN.replace("  viewer_certificate {\n    cloudfront_default_certificate = true\n  }\n", "");
    assert_eq!(
        eval(&no_certificate, "aws_cloudfront_distribution.cdn"),
        "error: Insufficient viewer_certificate blocks"
    );
}

#[test]
fn planned_nulls_decide_conditions_at_plan_and_unknowns_defer_them() {
    use iacquiz::lang::Rules;
    use iacquiz::lang::config::conditions::{self, Outcome};
    // hibernation is optional (null when unset, known at plan); arn is computed (unknown).
    let c = r#"
resource "aws_instance" "web" {
  ami           = "ami-1"
  instance_type = "t3.micro"
  lifecycle {
    postcondition {
      condition     = self.hibernation == true
      error_message = "Hibernation must be on."
    }
    postcondition {
      condition     = self.arn != ""
      error_message = "No ARN."
    }
  }
}
"#;
    let config = Config::from_texts(vec![("main.tf".into(), c.into())]).expect("parses");
    let s = Session {
        config,
        ..Session::default()
    };
    let reports = s
        .with_scope(&Rules::real(), |ev, scope| conditions::evaluate(ev, scope, &s.config))
        .expect("scope")
        .expect("conditions");
    let outcomes: Vec<(Outcome, &str)> = reports.iter().map(|r| (r.outcome, r.phase)).collect();
    assert_eq!(outcomes, vec![(Outcome::Error, "plan"), (Outcome::Deferred, "apply")]);
}

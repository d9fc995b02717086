resource "terraform_data" "a" {
  input = "one"
}
module "m" {
  source = "./mod"
  v = "first"
}
output "o" { value = terraform_data.a.output }
output "mo" { value = module.m.out }

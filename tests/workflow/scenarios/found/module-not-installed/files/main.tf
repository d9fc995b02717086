resource "terraform_data" "x" {
  input = "a"
}
module "m" {
  source = "./mod"
}
output "o" { value = terraform_data.x.output }

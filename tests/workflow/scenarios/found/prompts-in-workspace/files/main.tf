resource "terraform_data" "x" {
  input = terraform.workspace
}
output "o" { value = terraform_data.x.output }

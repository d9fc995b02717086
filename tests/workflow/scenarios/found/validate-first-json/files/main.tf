resource "terraform_data" "x" {
  input = "a"
}
output "o" {
  value = terraform_data.x.output
  precondition {
    condition = length(terraform.workspace) < 0
    error_message = "bad"
  }
}
